import { consoleExportPrices } from '@shop/contract/console/pricing';
import { defineCsvHandler } from '../../../../http/csv-handler.ts';
import { pricePointsCsv } from '../prices-csv-export.ts';

export const handler = defineCsvHandler(consoleExportPrices, {
  fileName: (query) => (query.appId === undefined ? 'price-points.csv' : `price-points-${query.appId}.csv`),
  handle: ({ input, services }) => pricePointsCsv(services.db, input.query.appId),
});
