import { consoleProductPrices } from '@shop/contract/console/pricing';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleProductPrices, {
  handle: ({ input, services }) => services.productPrices.view(input.params.productId),
});
