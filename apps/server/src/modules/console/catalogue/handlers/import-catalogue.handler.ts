import { consoleImportCatalogue } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

/** A whole catalogue with its images. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** One entry per created or changed row (each names its own action and entity), then one of the whole import. */
export const handler = defineHandler(consoleImportCatalogue, {
  options: { bodyLimit: IMPORT_BODY_LIMIT },
  handle: ({ input, tx, services }) => services.catalogueDocuments.import(tx, input.body, input.query.dryRun === 'true'),
  audit: { kind: 'transaction', action: 'catalogue.import', entityType: 'catalogue', describe: (_input, { changes }) => changes },
  answer: ({ report }) => report,
  afterCommit: ({ report }, { services }) => {
    if (report.applied) services.catalogueCaches.invalidate();
  },
});
