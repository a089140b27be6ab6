import { sql } from 'drizzle-orm';
import { expectRefusedUnchanged } from './catalogue.ts';
import type { ApiAnswer, TestShop } from './harness.ts';

/** Helpers of the console pricing tests (issue 23). */

export const PRICING = '/api/console/v1/pricing';

/** A digest of the country table, the rates, every price point and the audit log: what a refused change must leave as it was. */
export async function pricingState(shop: TestShop): Promise<string> {
  const result = await shop.services.db.execute(sql`
    SELECT
      (SELECT md5(coalesce(string_agg(to_jsonb(c)::text, ',' ORDER BY region_code), '')) FROM country_pricing c) AS countries,
      (SELECT md5(coalesce(string_agg(to_jsonb(r)::text, ',' ORDER BY currency), '')) FROM exchange_rates r) AS rates,
      (SELECT md5(coalesce(string_agg(to_jsonb(p)::text, ',' ORDER BY product_id, region_code), '')) FROM product_prices p) AS points,
      (SELECT count(*) FROM audit_log) AS audit`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

/** Sends a pricing change that must be refused: the envelope with `status`, a message, and nothing changed or audited. */
export const expectPricingRefused = (shop: TestShop, status: number, send: () => Promise<ApiAnswer>, message?: RegExp | string): Promise<ApiAnswer> =>
  expectRefusedUnchanged(() => pricingState(shop), status, send, message);

/** The count of computed (not override) points in a currency. */
export async function computedPointsIn(shop: TestShop, currency: string): Promise<number> {
  const result = await shop.services.db.execute(sql`SELECT count(*)::int AS n FROM product_prices WHERE currency = ${currency} AND NOT override`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}
