import { consoleSetProductPrices } from '@shop/contract/console/pricing';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleSetProductPrices, {
  handle: ({ input, tx, services }) => services.productPrices.set(tx, input.params.productId, input.body.points),
  audit: { kind: 'transaction', action: 'pricing.points.set', entityType: 'product', describe: ({ params }, change) => ({ entityId: params.productId, ...change }) },
  afterCommit: (_change, { services }) => services.catalogueCaches.invalidate(),
  answer: (_change, { input, services }) => services.productPrices.view(input.params.productId),
});
