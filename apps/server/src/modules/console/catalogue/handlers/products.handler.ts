import { consoleProducts } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleProducts, {
  handle: ({ input, services }) => services.productAdmin.listProducts(input.query),
});
