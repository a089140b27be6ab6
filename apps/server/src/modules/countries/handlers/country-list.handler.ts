import { countryListRoute } from '@shop/contract/countries.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(countryListRoute, {
  handle: ({ services }) => services.countries.list(),
});
