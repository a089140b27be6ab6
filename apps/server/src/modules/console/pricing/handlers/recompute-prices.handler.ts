import { consoleRecomputePrices } from '@shop/contract/console/pricing';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleRecomputePrices, {
  handle: ({ input, tx, services }) => services.productPrices.recompute(tx, input.body),
  audit: {
    kind: 'transaction',
    action: 'pricing.points.recompute',
    entityType: 'pricePoints',
    // Asking when nothing is due writes nothing: no entry.
    describe: (input, result) => (result.recomputed ? { entityId: 'recompute', after: { ...input.body, ...result } } : null),
  },
  afterCommit: (result, { services }) => {
    if (result.recomputed) services.catalogueCaches.invalidate();
  },
});
