import { z } from 'zod';
import { defineRoute } from './route.ts';

export const Country = z.object({
  regionCode: z.string(),
  region: z.string(),
  regionCN: z.string(),
  dialCode: z.string(),
});
export type Country = z.infer<typeof Country>;

export const ipCountry = defineRoute({
  method: 'GET',
  path: '/user/ip/country',
  auth: 'none',
  summary: "The caller's country code from its IP address; ZZ when unknown",
  data: z.string(),
});

export const countryList = defineRoute({
  method: 'GET',
  path: '/common/countries',
  auth: 'none',
  summary: 'All countries and regions with their English and Chinese names and dial codes',
  data: z.array(Country),
});
