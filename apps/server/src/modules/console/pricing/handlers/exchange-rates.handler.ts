import { consoleExchangeRates } from '@shop/contract/console/pricing';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleExchangeRates, {
  handle: ({ services }) => services.exchangeRatesAdmin.list(),
});
