import { consoleUpdateCountryPricing } from '@shop/contract/console/pricing';
import { defineHandler } from '../../../../http/handler.ts';

/** Prices are not recomputed (ADR 0050: never silently); the points that no longer match the country are flagged. */
export const handler = defineHandler(consoleUpdateCountryPricing, {
  handle: ({ input, tx, services }) => services.countryTable.update(tx, input.params.regionCode, input.body),
  audit: {
    kind: 'transaction',
    action: 'pricing.country.update',
    entityType: 'country',
    // The same values again change nothing: no entry.
    describe: ({ params }, change) => (change ? { entityId: params.regionCode, ...change } : null),
  },
  // The caches are dropped first, so the answer's charging providers are what players now get.
  afterCommit: (_change, { services }) => services.catalogueCaches.invalidate(),
  answer: (_change, { input, services }) => services.countryTable.country(input.params.regionCode),
});
