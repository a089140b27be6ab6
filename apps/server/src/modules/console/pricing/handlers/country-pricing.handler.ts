import { consoleCountryPricing } from '@shop/contract/console/pricing';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleCountryPricing, {
  handle: ({ services }) => services.countryTable.list(),
});
