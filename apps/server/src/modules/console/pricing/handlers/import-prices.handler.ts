import { consoleImportPrices } from '@shop/contract/console/pricing';
import { defineHandler } from '../../../../http/handler.ts';
import { importPricePoints } from '../prices-csv-import.ts';

/** A CSV of a whole catalogue's points (5 MB of text, as JSON). */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** A dry run, a refused file or the same file again writes nothing and no entry. */
export const handler = defineHandler(consoleImportPrices, {
  options: { bodyLimit: IMPORT_BODY_LIMIT },
  handle: ({ input, tx, ctx }) => importPricePoints(tx, input.body.csv, input.query.dryRun === 'true', ctx.language),
  audit: { kind: 'transaction', action: 'pricing.points.import', entityType: 'pricePoints', describe: (_input, { change }) => change },
  answer: ({ report }) => report,
  afterCommit: ({ change }, { services }) => {
    if (change) services.catalogueCaches.invalidate();
  },
});
