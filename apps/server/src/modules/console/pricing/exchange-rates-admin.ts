import { asc, sql } from 'drizzle-orm';
import type { RateView, RatesImportBody, RatesImportReport } from '@shop/contract/console/pricing';
import type { Language } from '@shop/contract/languages';
import type { Db, Executor } from '../../../db/client.ts';
import { exchangeRates } from '../../../db/schema.ts';
import { firstRow, typed } from '../../../db/statement.ts';
import type { AuditChange } from '../../../shared/audit.ts';
import { invalid } from '../../../shared/domain-errors.ts';
import { movePercent, plainRate } from './drift.ts';
import { readRatesTable, type RateEntry } from './rates-table.ts';

/** Advisory lock of the rates table: two imports at once (on any instances) run one after the other. */
const RATES_IMPORT_LOCK = 727_030;

type RateRow = typeof exchangeRates.$inferSelect;

export const toRateView = (row: RateRow): RateView => ({
  currency: row.currency,
  perUsd: plainRate(row.perUsd),
  asOf: row.asOf,
  source: row.source,
  importedAt: row.importedAt.toISOString(),
});

/**
 * The exchange rates the operators import (ADR 0050): units of a currency per US dollar, with the table's date and
 * source. An import is checked row by row, then written whole or not at all; prices are never recomputed by it (the
 * report counts the computed points the new rates move beyond the drift, which the console then flags).
 */
export class ExchangeRatesAdmin {
  constructor(
    private readonly db: Db,
    private readonly driftPercent: number,
  ) {}

  async list(): Promise<{ rates: RateView[]; driftPercent: number }> {
    const rows = await this.db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
    return { rates: rows.map(toRateView), driftPercent: this.driftPercent };
  }

  /**
   * Checks a table and, unless `dryRun`, writes it in the caller's transaction under the import lock, so the report
   * describes exactly what was written. A table with problems answers them all in a dry run, and 400 otherwise.
   * The table, sent again, changes nothing and answers no change.
   */
  async import(tx: Executor, body: RatesImportBody, dryRun: boolean, language: Language): Promise<{ report: RatesImportReport; change: AuditChange | null }> {
    const { entries, errors } = readRatesTable(body, language);
    if (errors.length) {
      if (!dryRun) throw invalid('pricingImportInvalid', { count: errors.length, row: errors[0]!.row, column: errors[0]!.column });
      return { report: { dryRun, valid: false, applied: false, errors, changes: [], driftedPoints: 0 }, change: null };
    }
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RATES_IMPORT_LOCK})`);
    const current = new Map((await tx.select().from(exchangeRates)).map((row) => [row.currency, row]));
    const changes = entries
      .filter((entry) => !current.has(entry.currency) || plainRate(current.get(entry.currency)!.perUsd) !== entry.perUsd)
      .map((entry) => {
        const before = current.get(entry.currency);
        return {
          currency: entry.currency,
          before: before ? plainRate(before.perUsd) : null,
          after: entry.perUsd,
          movePercent: before ? movePercent(entry.perUsd, before.perUsd) : null,
        };
      });
    const driftedPoints = await this.pointsDriftingWith(tx, entries);
    const restated = entries.some((entry) => current.get(entry.currency)?.asOf !== body.asOf || current.get(entry.currency)?.source !== body.source);
    const report: RatesImportReport = { dryRun, valid: true, applied: !dryRun, errors: [], changes, driftedPoints };
    if (dryRun || (!changes.length && !restated)) return { report, change: null };
    await tx
      .insert(exchangeRates)
      .values(entries.map((entry) => ({ currency: entry.currency, perUsd: entry.perUsd, asOf: body.asOf, source: body.source })))
      .onConflictDoUpdate({
        target: exchangeRates.currency,
        set: { perUsd: sql`excluded.per_usd`, asOf: sql`excluded.as_of`, source: sql`excluded.source`, importedAt: sql`now()` },
      });
    return {
      report,
      change: { entityId: body.asOf, after: { asOf: body.asOf, source: body.source, currencies: entries.length, changes, driftedPoints }, action: 'pricing.rates.import', entityType: 'exchangeRates' },
    };
  }

  /** Computed price points whose rate the table (over today's rates) moves beyond the drift. */
  private async pointsDriftingWith(tx: Executor, entries: RateEntry[]): Promise<number> {
    const found = await firstRow(
      tx,
      typed<{ n: number }>(sql`
        SELECT count(*)::int AS n
          FROM product_prices pp
          LEFT JOIN jsonb_to_recordset(${JSON.stringify(entries.map((e) => ({ currency: e.currency, per_usd: e.perUsd })))}::jsonb)
                 AS t(currency char(3), per_usd numeric) ON t.currency = pp.currency
          LEFT JOIN exchange_rates r ON r.currency = pp.currency
         WHERE NOT pp.override
           AND abs(coalesce(t.per_usd, r.per_usd) - pp.rate) * 100 > ${String(this.driftPercent)}::numeric * pp.rate`),
    );
    return Number(found?.n ?? 0);
  }
}
