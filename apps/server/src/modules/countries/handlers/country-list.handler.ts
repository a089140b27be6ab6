import { countryList } from '@shop/contract/countries.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(countryList, {
  handle: ({ services }) => services.countries.list(),
});
