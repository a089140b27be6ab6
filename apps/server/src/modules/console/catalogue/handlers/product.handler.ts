import { consoleProduct } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleProduct, {
  handle: ({ input, services }) => services.productAdmin.product(input.params.id),
});
