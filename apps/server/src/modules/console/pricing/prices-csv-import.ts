import { sql } from 'drizzle-orm';
import type { PricesImportReport, PricingImportIssue } from '@shop/contract/console/pricing';
import type { Language } from '@shop/contract/languages';
import type { Executor } from '../../../db/client.ts';
import { productPrices, products } from '../../../db/schema.ts';
import type { AuditChange } from '../../../shared/audit.ts';
import { invalid } from '../../../shared/domain-errors.ts';
import { computeEachProduct } from './compute-groups.ts';
import { writeOperatorPrices } from './operator-prices.ts';
import { computedNow } from './computed-now.ts';
import { checkPriceRows, readPriceRecords, unprotected, type PriceRow } from './price-rows.ts';
import { countryTable, currentRates, type PointRow } from './product-prices-view.ts';

/** Advisory lock of price-point imports: two at once run one after the other, each seeing the other's result. */
const PRICES_IMPORT_LOCK = 727_031;
/** Rows written per statement (each row is 8 parameters; PostgreSQL takes at most 65,535). */
/** The created/updated key lists of the audit entry stop here (the counts are complete). */
const KEYS_KEPT = 500;

type Plan = { row: PriceRow; state: 'created' | 'updated' | 'unchanged' };

const jsonList = (values: unknown[]) => sql`${JSON.stringify(values)}::jsonb`;
const keyOf = (row: { productId: number; regionCode: string }) => `${row.productId}/${row.regionCode}`;

/** What a row does to the point it names: an operator's price is set as given; override=false computes it anew. */
function stateOf(row: PriceRow, existing: PointRow | undefined, computed: ReturnType<typeof computedNow>): Plan['state'] {
  if (row.override) {
    if (!existing) return 'created';
    const same =
      existing.override &&
      existing.currency === row.currency &&
      existing.priceMinor === row.priceMinor &&
      existing.discountPriceMinor === row.discountPriceMinor &&
      existing.taxIncluded === row.taxIncluded;
    return same ? 'unchanged' : 'updated';
  }
  if (!existing) return computed ? 'created' : 'unchanged';
  if (existing.override) return 'updated';
  const same = computed && existing.currency === computed.currency && existing.priceMinor === computed.priceMinor && existing.discountPriceMinor === computed.discountPriceMinor;
  return same ? 'unchanged' : computed ? 'updated' : 'unchanged';
}

/**
 * Imports price points from the export's CSV (ADR 0050): all or nothing, every problem named by row and column, a dry
 * run answering what would change. Rows with override=true set an operator's price as given; override=false drops an
 * operator's price and computes the point from the base price at today's rates. A file sent again changes nothing.
 */
export async function importPricePoints(
  tx: Executor,
  csv: string,
  dryRun: boolean,
  language: Language,
): Promise<{ report: PricesImportReport; change: AuditChange | null }> {
  const zero = { created: 0, updated: 0, unchanged: 0 };
  const refuse = (errors: PricingImportIssue[]) => {
    if (!dryRun) throw invalid('pricingImportInvalid', { count: errors.length, row: errors[0]!.row, column: errors[0]!.column });
    return { report: { dryRun, valid: false, applied: false, errors, summary: zero }, change: null };
  };
  const records = readPriceRecords(csv, language);
  if (!records.rows.length) return refuse(records.errors);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PRICES_IMPORT_LOCK})`);
  const productSns = [...new Set(records.rows.map((raw) => unprotected(raw.cells.product_sn)))];
  const productRows = await tx
    .select()
    .from(products)
    .where(sql`${products.productSn} IN (SELECT jsonb_array_elements_text(${jsonList(productSns)}))`);
  const countries = await countryTable(tx);
  const checked = checkPriceRows(records.rows, { productIdOf: new Map(productRows.map((p) => [p.productSn, p.id])), countries }, language);
  const errors = [...records.errors, ...checked.errors].sort((a, b) => a.row - b.row);
  if (errors.length) return refuse(errors);

  const productIds = [...new Set(checked.rows.map((row) => row.productId))];
  const [existingRows, rates] = await Promise.all([
    tx
      .select()
      .from(productPrices)
      .where(sql`${productPrices.productId} IN (SELECT (jsonb_array_elements_text(${jsonList(productIds)}))::int4)`),
    currentRates(tx),
  ]);
  const existing = new Map(existingRows.map((point) => [keyOf(point), point]));
  const productOf = new Map(productRows.map((product) => [product.id, product]));
  const plans: Plan[] = checked.rows.map((row) => {
    const product = productOf.get(row.productId)!;
    const country = countries.get(row.regionCode)!;
    const computed = row.override ? null : computedNow(product, country, rates.get(country.currency));
    return { row, state: stateOf(row, existing.get(keyOf(row)), computed) };
  });
  const summary = { ...zero };
  for (const plan of plans) summary[plan.state]++;
  const report: PricesImportReport = { dryRun, valid: true, applied: !dryRun, errors: [], summary };
  const changed = plans.filter((plan) => plan.state !== 'unchanged');
  if (dryRun || !changed.length) return { report, change: null };

  await writePoints(tx, changed.map((plan) => plan.row), countries);
  const keys = (state: Plan['state']) => changed.filter((plan) => plan.state === state).slice(0, KEYS_KEPT).map((plan) => `${productOf.get(plan.row.productId)!.productSn}/${plan.row.regionCode}`);
  return {
    report,
    change: { action: 'pricing.points.import', entityType: 'pricePoints', entityId: 'import', after: { summary, created: keys('created'), updated: keys('updated') } },
  };
}

async function writePoints(tx: Executor, rows: PriceRow[], countries: Awaited<ReturnType<typeof countryTable>>): Promise<void> {
  await writeOperatorPrices(tx, rows.filter((row) => row.override), (regionCode) => countries.get(regionCode)!.taxRateBp);
  const computed = rows.filter((row) => !row.override);
  if (!computed.length) return;
  // An operator's price named override=false goes; the point is then computed (or, without a rate, the base price holds).
  await tx.execute(sql`
    DELETE FROM product_prices pp
     USING jsonb_to_recordset(${JSON.stringify(computed.map((row) => ({ product_id: row.productId, region_code: row.regionCode })))}::jsonb)
           AS t(product_id int4, region_code char(2))
     WHERE pp.product_id = t.product_id AND pp.region_code = t.region_code AND pp.override`);
  const due = new Map<number, string[]>();
  for (const row of computed) due.set(row.productId, [...(due.get(row.productId) ?? []), row.regionCode]);
  await computeEachProduct(tx, due);
}
