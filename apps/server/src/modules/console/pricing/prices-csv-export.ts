import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { PRICE_POINTS_CSV_COLUMNS } from '@shop/contract/console/pricing';
import type { Db } from '../../../db/client.ts';
import { rows, typed } from '../../../db/statement.ts';
import { minorToDecimalString } from '../../../shared/money.ts';
import { csvLine, UTF8_BOM } from '../reports/csv.ts';

/** Points read per statement: a whole catalogue (thousands of products x 250 countries) is never held in memory. */
const EXPORT_BATCH = 5_000;

interface ExportRow {
  product_id: number;
  product_sn: string;
  region_code: string;
  currency: string;
  price_minor: number;
  discount_price_minor: number;
  tax_included: boolean;
  override: boolean;
}

type After = { productId: number; regionCode: string } | undefined;

const cellsOf = (row: ExportRow) => [
  row.product_sn,
  row.region_code,
  row.currency,
  minorToDecimalString(row.price_minor, row.currency),
  minorToDecimalString(row.discount_price_minor, row.currency),
  String(row.tax_included),
  String(row.override),
];

/**
 * Every price point as CSV (UTF-8 with BOM, RFC 4180, CRLF; the columns of PRICE_POINTS_CSV_COLUMNS; amounts in major
 * units with the currency's digits), by product id then country, optionally of one game. Streamed: each batch is read
 * by keyset when the client has taken the one before (Readable.from pulls the generator only as fast as it is read).
 * The first batch is read before answering, so an unreachable database still answers the error envelope.
 */
export async function pricePointsCsv(db: Db, appId: number | undefined): Promise<Readable> {
  const batch = (after: After) =>
    rows(
      db,
      typed<ExportRow>(sql`
        SELECT pp.product_id, p.product_sn, pp.region_code, pp.currency, pp.price_minor, pp.discount_price_minor, pp.tax_included, pp.override
          FROM product_prices pp JOIN products p ON p.id = pp.product_id
         WHERE true
           ${appId === undefined ? sql`` : sql`AND p.app_id = ${appId}`}
           ${after ? sql`AND (pp.product_id, pp.region_code) > (${after.productId}, ${after.regionCode})` : sql``}
         ORDER BY pp.product_id, pp.region_code
         LIMIT ${EXPORT_BATCH}`),
    );
  const first = await batch(undefined);
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine([...PRICE_POINTS_CSV_COLUMNS]);
    let current = first;
    for (;;) {
      if (current.length) yield current.map((row) => csvLine(cellsOf(row))).join('');
      const last = current.at(-1);
      if (!last || current.length < EXPORT_BATCH) return;
      current = await batch({ productId: Number(last.product_id), regionCode: last.region_code });
    }
  }
  return Readable.from(lines());
}
