import { consoleUpdateProduct } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleUpdateProduct, {
  handle: ({ input, tx, services }) => services.productAdmin.updateProduct(tx, input.params.id, input.body),
  audit: { kind: 'transaction', action: 'product.update', entityType: 'product', describe: ({ params }, { before, after }) => ({ entityId: params.id, before, after }) },
  answer: ({ view }) => view,
  afterCommit: (_outcome, { services }) => services.catalogueCaches.invalidate(),
  rephrase: (error, { input, services }) => services.productAdmin.productSnRefusal(error, input.body.productSn ?? ''),
});
