import { routeTable } from './route.ts';
import type * as schema from './countries.schema.ts';

export type { Country } from './countries.schema.ts';

export const ipCountry = routeTable<typeof schema.ipCountrySchemas>()({
  method: 'GET',
  path: '/user/ip/country',
  auth: 'none',
  summary: "The caller's country code from its IP address; ZZ when unknown",
});

export const countryList = routeTable<typeof schema.countryListSchemas>()({
  method: 'GET',
  path: '/common/countries',
  auth: 'none',
  summary: 'All countries and regions with their English and Chinese names and dial codes',
});
