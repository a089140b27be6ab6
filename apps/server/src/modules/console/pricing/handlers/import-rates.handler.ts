import { consoleImportRates } from '@shop/contract/console/pricing';
import { defineHandler } from '../../../../http/handler.ts';

/** A dry run, or the same table again, writes nothing and no entry; rates never recompute prices (ADR 0050). */
export const handler = defineHandler(consoleImportRates, {
  handle: ({ input, tx, ctx, services }) => services.exchangeRatesAdmin.import(tx, input.body, input.query.dryRun === 'true', ctx.language),
  audit: { kind: 'transaction', action: 'pricing.rates.import', entityType: 'exchangeRates', describe: (_input, { change }) => change },
  answer: ({ report }) => report,
  // Rates feed no cache of players' requests (orders read them fresh), but the lists' prices are points, not rates.
  afterCommit: ({ change }, { services }) => {
    if (change) services.catalogueCaches.invalidate();
  },
});
