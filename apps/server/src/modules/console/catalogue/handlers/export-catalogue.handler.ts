import { consoleExportCatalogue } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleExportCatalogue, {
  handle: ({ input, services }) => services.catalogueDocuments.export(input.query.appId),
});
