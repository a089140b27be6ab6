import { z } from 'zod';
import { defineRoute } from './route.ts';
import * as table from './countries.ts';

export * from './countries.ts';

export const Country = z.object({
  regionCode: z.string(),
  region: z.string(),
  regionCN: z.string(),
  dialCode: z.string(),
});
export type Country = z.infer<typeof Country>;

export const ipCountrySchemas = { data: z.string() };
export const ipCountryRoute = defineRoute({ ...table.ipCountry, ...ipCountrySchemas });

export const countryListSchemas = { data: z.array(Country) };
export const countryListRoute = defineRoute({ ...table.countryList, ...countryListSchemas });
