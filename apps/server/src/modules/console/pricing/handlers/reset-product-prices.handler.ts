import { consoleResetProductPrices } from '@shop/contract/console/pricing';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleResetProductPrices, {
  handle: ({ input, tx, services }) => services.productPrices.reset(tx, input.params.productId, input.body.regionCodes),
  audit: { kind: 'transaction', action: 'pricing.points.reset', entityType: 'product', describe: ({ params }, change) => ({ entityId: params.productId, ...change }) },
  afterCommit: (_change, { services }) => services.catalogueCaches.invalidate(),
  answer: (_change, { input, services }) => services.productPrices.view(input.params.productId),
});
