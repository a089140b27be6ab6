-- Base-currency figures in the sales rollups (ADR 0050, issue 23): beside each currency's gross and refunds, the same in
-- the base currency (USD) at each order's frozen rate. An order placed before 0025 has NULL base columns: it was sold in
-- USD at its own amount, which is its base. Nothing here rewrites orders: the new columns are on the rollups and their
-- deltas, filled from their own rows (every row there is of orders placed before 0025, whose base is their own amount),
-- and the triggers and functions that write them learn the base figures.

-- ISO 4217 minor digits as ICU gives them (currencyDigits in shared/money.ts; a test compares the two for every
-- currency the runtime knows): the SQL side needs them to convert an amount at a rate.
CREATE FUNCTION "currency_minor_digits"("p_currency" text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN "p_currency" IN ('AFN', 'ALL', 'BIF', 'CLP', 'COP', 'DJF', 'GNF', 'HUF', 'IDR', 'IQD', 'IRR', 'ISK', 'JPY', 'KMF', 'KPW',
                          'KRW', 'LAK', 'LBP', 'MGA', 'MMK', 'PKR', 'PYG', 'RWF', 'SLL', 'SOS', 'SYP', 'UGX', 'VND', 'VUV', 'XAF',
                          'XOF', 'XPF', 'YER') THEN 0
    WHEN "p_currency" IN ('BHD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 3
    ELSE 2
  END
$$;--> statement-breakpoint
-- toBaseMinor (modules/pricing/base-amount.ts) in SQL: `p_amount` minor units of `p_currency` in USD cents at `p_per_usd`
-- (units of the currency per dollar, 12 fraction digits at most), rounded half up, exactly (integer division of
-- numerics, never a rounded quotient). A NULL rate (an order placed before 0025) means the amount is in USD already.
CREATE FUNCTION "to_base_minor"("p_amount" bigint, "p_currency" text, "p_per_usd" numeric) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "p_per_usd" IS NULL THEN "p_amount" ELSE
    -- amount / 10^digits / (rate_units / 10^12) * 10^2 = amount * 10^14 / (rate_units * 10^digits)
    div(2 * "p_amount"::numeric * 100000000000000 + "p_per_usd" * 1000000000000 * 10::numeric ^ "currency_minor_digits"("p_currency"),
        2 * "p_per_usd" * 1000000000000 * 10::numeric ^ "currency_minor_digits"("p_currency"))::bigint
  END
$$;--> statement-breakpoint
-- A refund's amount in USD cents: a refund of the whole payment is the order's frozen base payment (a refunded order
-- nets to zero in USD as in its currency, even where the base came from base prices and not from the rate); a part of
-- it is converted at the order's frozen rate.
CREATE FUNCTION "refund_base_minor"("p_amount" bigint, "p_pay_amount" bigint, "p_base_pay" bigint, "p_currency" text, "p_per_usd" numeric)
  RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "p_amount" = "p_pay_amount" AND "p_base_pay" IS NOT NULL THEN "p_base_pay"
              ELSE "to_base_minor"("p_amount", "p_currency", "p_per_usd") END
$$;--> statement-breakpoint
ALTER TABLE "sales_rollup_deltas" ADD COLUMN "base_gross" bigint DEFAULT 0 NOT NULL, ADD COLUMN "base_refunds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_rollup" ADD COLUMN "base_gross" bigint DEFAULT 0 NOT NULL, ADD COLUMN "base_refunds_completed" bigint DEFAULT 0 NOT NULL,
  ADD COLUMN "base_refunds_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_product_rollup" ADD COLUMN "base_gross" bigint DEFAULT 0 NOT NULL, ADD COLUMN "base_refunds_completed" bigint DEFAULT 0 NOT NULL,
  ADD COLUMN "base_refunds_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_rollup_monthly" ADD COLUMN "base_gross" bigint DEFAULT 0 NOT NULL, ADD COLUMN "base_refunds_completed" bigint DEFAULT 0 NOT NULL,
  ADD COLUMN "base_refunds_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_product_rollup_monthly" ADD COLUMN "base_gross" bigint DEFAULT 0 NOT NULL, ADD COLUMN "base_refunds_completed" bigint DEFAULT 0 NOT NULL,
  ADD COLUMN "base_refunds_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Under the fold's lock (no fold moves deltas while the rows are filled): what is there now is of orders before 0025.
SELECT pg_advisory_xact_lock(hashtext('sales_rollup'));--> statement-breakpoint
UPDATE "sales_rollup_deltas" SET "base_gross" = "gross", "base_refunds" = "refunds";--> statement-breakpoint
UPDATE "sales_rollup" SET "base_gross" = "gross", "base_refunds_completed" = "refunds_completed", "base_refunds_paid" = "refunds_paid";--> statement-breakpoint
UPDATE "sales_product_rollup" SET "base_gross" = "gross", "base_refunds_completed" = "refunds_completed", "base_refunds_paid" = "refunds_paid";--> statement-breakpoint
UPDATE "sales_rollup_monthly" SET "base_gross" = "gross", "base_refunds_completed" = "refunds_completed", "base_refunds_paid" = "refunds_paid";--> statement-breakpoint
UPDATE "sales_product_rollup_monthly" SET "base_gross" = "gross", "base_refunds_completed" = "refunds_completed", "base_refunds_paid" = "refunds_paid";--> statement-breakpoint
-- No defaults from now on: a writer that forgets the base figures fails instead of recording 0.
ALTER TABLE "sales_rollup_deltas" ALTER COLUMN "base_gross" DROP DEFAULT, ALTER COLUMN "base_refunds" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sales_rollup" ALTER COLUMN "base_gross" DROP DEFAULT, ALTER COLUMN "base_refunds_completed" DROP DEFAULT,
  ALTER COLUMN "base_refunds_paid" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sales_product_rollup" ALTER COLUMN "base_gross" DROP DEFAULT, ALTER COLUMN "base_refunds_completed" DROP DEFAULT,
  ALTER COLUMN "base_refunds_paid" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sales_rollup_monthly" ALTER COLUMN "base_gross" DROP DEFAULT, ALTER COLUMN "base_refunds_completed" DROP DEFAULT,
  ALTER COLUMN "base_refunds_paid" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sales_product_rollup_monthly" ALTER COLUMN "base_gross" DROP DEFAULT, ALTER COLUMN "base_refunds_completed" DROP DEFAULT,
  ALTER COLUMN "base_refunds_paid" DROP DEFAULT;--> statement-breakpoint
-- The facts as 0019 wrote them, plus: the country is the one the order was sold in (country_code), else for an order
-- before 0025 its region_code as before; base_gross is the order's frozen base payment (its own amount before 0025), a
-- line's gross at the order's rate; base_refunds the refund's amount in USD (refund_base_minor), a line's at the rate.
CREATE OR REPLACE VIEW "sales_facts" AS
  SELECT 'sale'::text AS part, o.id AS order_id, NULL::integer AS product_id, o.paid_at AS sold_at, NULL::timestamptz AS refunded_at,
         o.app_id, coalesce(o.country_code::text, o.region_code::text, '') AS country, o.order_source AS source, coalesce(o.third_channel_name, '') AS provider,
         o.currency::text AS currency, 1 AS orders, (o.pay_amount_minor = 0)::int AS free_orders, o.pay_amount_minor::int8 AS gross,
         coalesce(v.credited, 0)::int8 AS vouchers, 0::int8 AS quantity, 0 AS refund_count, 0::int8 AS refunds,
         coalesce(o.base_pay_minor, o.pay_amount_minor)::int8 AS base_gross, 0::int8 AS base_refunds
    FROM orders o
    LEFT JOIN (SELECT order_id, sum(amount) AS credited FROM voucher_ledger WHERE kind = 'purchase' AND order_id IS NOT NULL GROUP BY order_id) v ON v.order_id = o.id
   WHERE o.status IN (2, 3, 6, 8, 9) AND o.paid_at IS NOT NULL
  UNION ALL
  SELECT 'sale', o.id, i.product_id, o.paid_at, NULL,
         o.app_id, coalesce(o.country_code::text, o.region_code::text, ''), o.order_source, coalesce(o.third_channel_name, ''),
         o.currency::text, 1, (o.pay_amount_minor = 0)::int, i.gross,
         CASE WHEN v.credited IS NULL THEN 0 ELSE i.vouchers END, i.quantity, 0, 0,
         to_base_minor(i.gross::int8, o.currency::text, o.exchange_rate), 0
    FROM orders o
    JOIN (SELECT order_id, product_id, sum(price_minor::int8 * quantity) AS gross, sum(voucher_amount::int8 * quantity) AS vouchers, sum(quantity)::int8 AS quantity
            FROM order_items GROUP BY order_id, product_id) i ON i.order_id = o.id
    LEFT JOIN (SELECT order_id, sum(amount) AS credited FROM voucher_ledger WHERE kind = 'purchase' AND order_id IS NOT NULL GROUP BY order_id) v ON v.order_id = o.id
   WHERE o.status IN (2, 3, 6, 8, 9) AND o.paid_at IS NOT NULL
  UNION ALL
  SELECT 'refund', o.id, NULL, o.paid_at, r.completed_at,
         o.app_id, coalesce(o.country_code::text, o.region_code::text, ''), o.order_source, coalesce(o.third_channel_name, ''),
         o.currency::text, 0, 0, 0, 0, 0, 1, r.amount_minor::int8,
         0, refund_base_minor(r.amount_minor, o.pay_amount_minor, o.base_pay_minor, o.currency::text, o.exchange_rate)
    FROM refunds r JOIN orders o ON o.id = r.order_id
   WHERE r.status = 'completed' AND o.status IN (2, 3, 6, 8, 9)
  UNION ALL
  SELECT 'refund', o.id, i.product_id, o.paid_at, r.completed_at,
         o.app_id, coalesce(o.country_code::text, o.region_code::text, ''), o.order_source, coalesce(o.third_channel_name, ''),
         o.currency::text, 0, 0, 0, 0, 0, 1, i.gross,
         0, to_base_minor(i.gross::int8, o.currency::text, o.exchange_rate)
    FROM refunds r JOIN orders o ON o.id = r.order_id
    JOIN (SELECT order_id, product_id, sum(price_minor::int8 * quantity) AS gross FROM order_items GROUP BY order_id, product_id) i ON i.order_id = o.id
   WHERE r.status = 'completed' AND o.status IN (2, 3, 6, 8, 9);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_rollup_record"(p_order bigint, p_sign integer, p_parts text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_order IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM orders WHERE id = p_order FOR SHARE;
  INSERT INTO sales_rollup_deltas (product_id, sold_at, refunded_at, app_id, country, source, provider, currency,
                                   orders, free_orders, gross, vouchers, quantity, refund_count, refunds, base_gross, base_refunds)
  SELECT product_id, sold_at, refunded_at, app_id, country, source, provider, currency,
         p_sign * orders, p_sign * free_orders, p_sign * gross, p_sign * vouchers, p_sign * quantity, p_sign * refund_count, p_sign * refunds,
         p_sign * base_gross, p_sign * base_refunds
    FROM sales_facts WHERE order_id = p_order AND part = ANY (p_parts);
END $$;--> statement-breakpoint
-- The orders' triggers of 0019 again, also watching the columns the country and the base figures are read from.
DROP TRIGGER "sales_rollup_orders_before" ON "orders";--> statement-breakpoint
DROP TRIGGER "sales_rollup_orders_after" ON "orders";--> statement-breakpoint
CREATE TRIGGER "sales_rollup_orders_before" BEFORE UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD."status" IN (2, 3, 6, 8, 9) OR NEW."status" IN (2, 3, 6, 8, 9)) AND (
    (OLD."status" IN (2, 3, 6, 8, 9)) <> (NEW."status" IN (2, 3, 6, 8, 9)) OR OLD."paid_at" IS DISTINCT FROM NEW."paid_at"
    OR OLD."app_id" <> NEW."app_id" OR OLD."region_code" IS DISTINCT FROM NEW."region_code" OR OLD."order_source" <> NEW."order_source"
    OR OLD."third_channel_name" IS DISTINCT FROM NEW."third_channel_name" OR OLD."currency" <> NEW."currency"
    OR OLD."pay_amount_minor" <> NEW."pay_amount_minor" OR OLD."country_code" IS DISTINCT FROM NEW."country_code"
    OR OLD."base_pay_minor" IS DISTINCT FROM NEW."base_pay_minor" OR OLD."exchange_rate" IS DISTINCT FROM NEW."exchange_rate"))
  EXECUTE FUNCTION "sales_rollup_track"('sale', 'refund');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_orders_after" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD."status" IN (2, 3, 6, 8, 9) OR NEW."status" IN (2, 3, 6, 8, 9)) AND (
    (OLD."status" IN (2, 3, 6, 8, 9)) <> (NEW."status" IN (2, 3, 6, 8, 9)) OR OLD."paid_at" IS DISTINCT FROM NEW."paid_at"
    OR OLD."app_id" <> NEW."app_id" OR OLD."region_code" IS DISTINCT FROM NEW."region_code" OR OLD."order_source" <> NEW."order_source"
    OR OLD."third_channel_name" IS DISTINCT FROM NEW."third_channel_name" OR OLD."currency" <> NEW."currency"
    OR OLD."pay_amount_minor" <> NEW."pay_amount_minor" OR OLD."country_code" IS DISTINCT FROM NEW."country_code"
    OR OLD."base_pay_minor" IS DISTINCT FROM NEW."base_pay_minor" OR OLD."exchange_rate" IS DISTINCT FROM NEW."exchange_rate"))
  EXECUTE FUNCTION "sales_rollup_track"('sale', 'refund');--> statement-breakpoint
-- The merge of 0024, carrying the base figures to both levels of both rollups.
CREATE OR REPLACE FUNCTION "sales_rollup_merge"(source text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM sales_rollup_state);
  merged bigint;
BEGIN
  EXECUTE format($sql$
    WITH d AS (%s),
    dated AS (
      SELECT product_id, (sold_at AT TIME ZONE %L)::date AS day, app_id, country, source, provider, currency, orders, free_orders, gross, vouchers, quantity,
             0 AS completed_count, 0::int8 AS completed, refund_count AS paid_count, refunds AS paid,
             base_gross, 0::int8 AS base_completed, base_refunds AS base_paid
        FROM d WHERE sold_at IS NOT NULL
      UNION ALL
      SELECT product_id, (refunded_at AT TIME ZONE %L)::date, app_id, country, source, provider, currency, 0, 0, 0, 0, 0,
             refund_count, refunds, 0, 0, 0, base_refunds, 0
        FROM d WHERE refunded_at IS NOT NULL),
    by_order AS (
      INSERT INTO sales_rollup AS r (day, app_id, country, source, provider, currency, orders, free_orders, gross, vouchers,
                                     refunds_completed_count, refunds_completed, refunds_paid_count, refunds_paid,
                                     base_gross, base_refunds_completed, base_refunds_paid)
      SELECT day, app_id, country, source, provider, currency, sum(orders), sum(free_orders), sum(gross), sum(vouchers),
             sum(completed_count), sum(completed), sum(paid_count), sum(paid), sum(base_gross), sum(base_completed), sum(base_paid)
        FROM dated WHERE product_id IS NULL GROUP BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (day, app_id, country, source, provider, currency) DO UPDATE SET
        orders = r.orders + excluded.orders, free_orders = r.free_orders + excluded.free_orders, gross = r.gross + excluded.gross,
        vouchers = r.vouchers + excluded.vouchers, refunds_completed_count = r.refunds_completed_count + excluded.refunds_completed_count,
        refunds_completed = r.refunds_completed + excluded.refunds_completed, refunds_paid_count = r.refunds_paid_count + excluded.refunds_paid_count,
        refunds_paid = r.refunds_paid + excluded.refunds_paid, base_gross = r.base_gross + excluded.base_gross,
        base_refunds_completed = r.base_refunds_completed + excluded.base_refunds_completed, base_refunds_paid = r.base_refunds_paid + excluded.base_refunds_paid
      RETURNING 1),
    by_order_month AS (
      INSERT INTO sales_rollup_monthly AS r (month, app_id, country, source, provider, currency, orders, free_orders, gross, vouchers,
                                             refunds_completed_count, refunds_completed, refunds_paid_count, refunds_paid,
                                             base_gross, base_refunds_completed, base_refunds_paid)
      SELECT date_trunc('month', day)::date, app_id, country, source, provider, currency, sum(orders), sum(free_orders), sum(gross), sum(vouchers),
             sum(completed_count), sum(completed), sum(paid_count), sum(paid), sum(base_gross), sum(base_completed), sum(base_paid)
        FROM dated WHERE product_id IS NULL GROUP BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (month, app_id, country, source, provider, currency) DO UPDATE SET
        orders = r.orders + excluded.orders, free_orders = r.free_orders + excluded.free_orders, gross = r.gross + excluded.gross,
        vouchers = r.vouchers + excluded.vouchers, refunds_completed_count = r.refunds_completed_count + excluded.refunds_completed_count,
        refunds_completed = r.refunds_completed + excluded.refunds_completed, refunds_paid_count = r.refunds_paid_count + excluded.refunds_paid_count,
        refunds_paid = r.refunds_paid + excluded.refunds_paid, base_gross = r.base_gross + excluded.base_gross,
        base_refunds_completed = r.base_refunds_completed + excluded.base_refunds_completed, base_refunds_paid = r.base_refunds_paid + excluded.base_refunds_paid
      RETURNING 1),
    by_product AS (
      INSERT INTO sales_product_rollup AS r (day, product_id, app_id, country, source, provider, currency, orders, free_orders, gross, vouchers,
                                             quantity, refunds_completed_count, refunds_completed, refunds_paid_count, refunds_paid,
                                             base_gross, base_refunds_completed, base_refunds_paid)
      SELECT day, product_id, app_id, country, source, provider, currency, sum(orders), sum(free_orders), sum(gross), sum(vouchers), sum(quantity),
             sum(completed_count), sum(completed), sum(paid_count), sum(paid), sum(base_gross), sum(base_completed), sum(base_paid)
        FROM dated WHERE product_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (day, product_id, app_id, country, source, provider, currency) DO UPDATE SET
        orders = r.orders + excluded.orders, free_orders = r.free_orders + excluded.free_orders, gross = r.gross + excluded.gross,
        vouchers = r.vouchers + excluded.vouchers, quantity = r.quantity + excluded.quantity,
        refunds_completed_count = r.refunds_completed_count + excluded.refunds_completed_count,
        refunds_completed = r.refunds_completed + excluded.refunds_completed, refunds_paid_count = r.refunds_paid_count + excluded.refunds_paid_count,
        refunds_paid = r.refunds_paid + excluded.refunds_paid, base_gross = r.base_gross + excluded.base_gross,
        base_refunds_completed = r.base_refunds_completed + excluded.base_refunds_completed, base_refunds_paid = r.base_refunds_paid + excluded.base_refunds_paid
      RETURNING 1),
    by_product_month AS (
      INSERT INTO sales_product_rollup_monthly AS r (month, product_id, app_id, country, source, provider, currency, orders, free_orders, gross,
                                                     vouchers, quantity, refunds_completed_count, refunds_completed, refunds_paid_count, refunds_paid,
                                                     base_gross, base_refunds_completed, base_refunds_paid)
      SELECT date_trunc('month', day)::date, product_id, app_id, country, source, provider, currency, sum(orders), sum(free_orders), sum(gross),
             sum(vouchers), sum(quantity), sum(completed_count), sum(completed), sum(paid_count), sum(paid), sum(base_gross), sum(base_completed), sum(base_paid)
        FROM dated WHERE product_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (month, product_id, app_id, country, source, provider, currency) DO UPDATE SET
        orders = r.orders + excluded.orders, free_orders = r.free_orders + excluded.free_orders, gross = r.gross + excluded.gross,
        vouchers = r.vouchers + excluded.vouchers, quantity = r.quantity + excluded.quantity,
        refunds_completed_count = r.refunds_completed_count + excluded.refunds_completed_count,
        refunds_completed = r.refunds_completed + excluded.refunds_completed, refunds_paid_count = r.refunds_paid_count + excluded.refunds_paid_count,
        refunds_paid = r.refunds_paid + excluded.refunds_paid, base_gross = r.base_gross + excluded.base_gross,
        base_refunds_completed = r.base_refunds_completed + excluded.base_refunds_completed, base_refunds_paid = r.base_refunds_paid + excluded.base_refunds_paid
      RETURNING 1)
    SELECT count(*) FROM d$sql$, source, zone, zone)
  INTO merged;
  RETURN merged;
END $$;
