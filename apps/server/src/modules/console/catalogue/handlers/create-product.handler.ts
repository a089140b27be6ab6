import { consoleCreateProduct } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleCreateProduct, {
  handle: ({ input, tx, services }) => services.productAdmin.createProduct(tx, input.body),
  audit: { kind: 'transaction', action: 'product.create', entityType: 'product', describe: (_input, { after }) => ({ entityId: after.id, after }) },
  answer: ({ view }) => view,
  afterCommit: (_outcome, { services }) => services.catalogueCaches.invalidate(),
  rephrase: (error, { input, services }) => services.productAdmin.productSnRefusal(error, input.body.productSn),
});
