-- A monthly level of the sales rollups (docs/adr/0048-monthly-sales-rollups.md). A report's whole months are read from
-- one row per month instead of one per day (a year by product: ~16x fewer rows at 1M orders, more at 20M, where the
-- daily product rows approach every combination of the dimensions); the days at the range's edges and the day chart
-- still come from the daily rollups. The fold and the rebuild keep both levels in the same transaction.
CREATE TABLE "sales_rollup_monthly" (
	"month" date NOT NULL,
	"app_id" integer NOT NULL,
	"country" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"orders" bigint NOT NULL,
	"free_orders" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"vouchers" bigint NOT NULL,
	"refunds_completed_count" bigint NOT NULL,
	"refunds_completed" bigint NOT NULL,
	"refunds_paid_count" bigint NOT NULL,
	"refunds_paid" bigint NOT NULL,
	CONSTRAINT "sales_rollup_monthly_pk" PRIMARY KEY("month","app_id","country","source","provider","currency")
);--> statement-breakpoint
CREATE TABLE "sales_product_rollup_monthly" (
	"month" date NOT NULL,
	"product_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"country" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"orders" bigint NOT NULL,
	"free_orders" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"vouchers" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"refunds_completed_count" bigint NOT NULL,
	"refunds_completed" bigint NOT NULL,
	"refunds_paid_count" bigint NOT NULL,
	"refunds_paid" bigint NOT NULL,
	CONSTRAINT "sales_product_rollup_monthly_pk" PRIMARY KEY("month","product_id","app_id","country","source","provider","currency")
);--> statement-breakpoint
-- A first day of a month (the report reads whole months only).
ALTER TABLE "sales_rollup_monthly" ADD CONSTRAINT "sales_rollup_monthly_first_day" CHECK (extract(day FROM "month") = 1);--> statement-breakpoint
ALTER TABLE "sales_product_rollup_monthly" ADD CONSTRAINT "sales_product_rollup_monthly_first_day" CHECK (extract(day FROM "month") = 1);--> statement-breakpoint
-- Both levels from the same dated rows, in one statement: a fold or a rebuild moves a delta into its day and its month
-- at once, so the two levels never disagree in any snapshot.
CREATE OR REPLACE FUNCTION "sales_rollup_merge"(source text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM sales_rollup_state);
  merged bigint;
BEGIN
  EXECUTE format($sql$
    WITH d AS (%s),
    dated AS (
      SELECT product_id, (sold_at AT TIME ZONE %L)::date AS day, app_id, country, source, provider, currency, orders, free_orders, gross, vouchers, quantity,
             0 AS completed_count, 0::int8 AS completed, refund_count AS paid_count, refunds AS paid
        FROM d WHERE sold_at IS NOT NULL
      UNION ALL
      SELECT product_id, (refunded_at AT TIME ZONE %L)::date, app_id, country, source, provider, currency, 0, 0, 0, 0, 0,
             refund_count, refunds, 0, 0
        FROM d WHERE refunded_at IS NOT NULL),
    by_order AS (
      INSERT INTO sales_rollup AS r
      SELECT day, app_id, country, source, provider, currency, sum(orders), sum(free_orders), sum(gross), sum(vouchers),
             sum(completed_count), sum(completed), sum(paid_count), sum(paid)
        FROM dated WHERE product_id IS NULL GROUP BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (day, app_id, country, source, provider, currency) DO UPDATE SET
        orders = r.orders + excluded.orders, free_orders = r.free_orders + excluded.free_orders, gross = r.gross + excluded.gross,
        vouchers = r.vouchers + excluded.vouchers, refunds_completed_count = r.refunds_completed_count + excluded.refunds_completed_count,
        refunds_completed = r.refunds_completed + excluded.refunds_completed, refunds_paid_count = r.refunds_paid_count + excluded.refunds_paid_count,
        refunds_paid = r.refunds_paid + excluded.refunds_paid
      RETURNING 1),
    by_order_month AS (
      INSERT INTO sales_rollup_monthly AS r
      SELECT date_trunc('month', day)::date, app_id, country, source, provider, currency, sum(orders), sum(free_orders), sum(gross), sum(vouchers),
             sum(completed_count), sum(completed), sum(paid_count), sum(paid)
        FROM dated WHERE product_id IS NULL GROUP BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (month, app_id, country, source, provider, currency) DO UPDATE SET
        orders = r.orders + excluded.orders, free_orders = r.free_orders + excluded.free_orders, gross = r.gross + excluded.gross,
        vouchers = r.vouchers + excluded.vouchers, refunds_completed_count = r.refunds_completed_count + excluded.refunds_completed_count,
        refunds_completed = r.refunds_completed + excluded.refunds_completed, refunds_paid_count = r.refunds_paid_count + excluded.refunds_paid_count,
        refunds_paid = r.refunds_paid + excluded.refunds_paid
      RETURNING 1),
    by_product AS (
      INSERT INTO sales_product_rollup AS r
      SELECT day, product_id, app_id, country, source, provider, currency, sum(orders), sum(free_orders), sum(gross), sum(vouchers), sum(quantity),
             sum(completed_count), sum(completed), sum(paid_count), sum(paid)
        FROM dated WHERE product_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (day, product_id, app_id, country, source, provider, currency) DO UPDATE SET
        orders = r.orders + excluded.orders, free_orders = r.free_orders + excluded.free_orders, gross = r.gross + excluded.gross,
        vouchers = r.vouchers + excluded.vouchers, quantity = r.quantity + excluded.quantity,
        refunds_completed_count = r.refunds_completed_count + excluded.refunds_completed_count,
        refunds_completed = r.refunds_completed + excluded.refunds_completed, refunds_paid_count = r.refunds_paid_count + excluded.refunds_paid_count,
        refunds_paid = r.refunds_paid + excluded.refunds_paid
      RETURNING 1),
    by_product_month AS (
      INSERT INTO sales_product_rollup_monthly AS r
      SELECT date_trunc('month', day)::date, product_id, app_id, country, source, provider, currency, sum(orders), sum(free_orders), sum(gross),
             sum(vouchers), sum(quantity), sum(completed_count), sum(completed), sum(paid_count), sum(paid)
        FROM dated WHERE product_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (month, product_id, app_id, country, source, provider, currency) DO UPDATE SET
        orders = r.orders + excluded.orders, free_orders = r.free_orders + excluded.free_orders, gross = r.gross + excluded.gross,
        vouchers = r.vouchers + excluded.vouchers, quantity = r.quantity + excluded.quantity,
        refunds_completed_count = r.refunds_completed_count + excluded.refunds_completed_count,
        refunds_completed = r.refunds_completed + excluded.refunds_completed, refunds_paid_count = r.refunds_paid_count + excluded.refunds_paid_count,
        refunds_paid = r.refunds_paid + excluded.refunds_paid
      RETURNING 1)
    SELECT count(*) FROM d$sql$, source, zone, zone)
  INTO merged;
  RETURN merged;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_rollup_rebuild"(zone text, force boolean DEFAULT true) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM now() AT TIME ZONE zone;
  PERFORM pg_advisory_xact_lock(hashtext('sales_rollup'));
  IF NOT force AND (SELECT time_zone FROM sales_rollup_state) = zone THEN RETURN false; END IF;
  LOCK TABLE sales_rollup_deltas IN EXCLUSIVE MODE;
  DELETE FROM sales_rollup;
  DELETE FROM sales_product_rollup;
  DELETE FROM sales_rollup_monthly;
  DELETE FROM sales_product_rollup_monthly;
  DELETE FROM sales_rollup_deltas;
  UPDATE sales_rollup_state SET time_zone = zone, built_at = now();
  PERFORM sales_rollup_merge('SELECT * FROM sales_facts');
  -- The planner's estimates of a table just refilled (a report over a year must hash, not sort, its groups).
  ANALYZE sales_rollup;
  ANALYZE sales_product_rollup;
  ANALYZE sales_rollup_monthly;
  ANALYZE sales_product_rollup_monthly;
  RETURN true;
END $$;--> statement-breakpoint
-- The months of what is folded already, from the daily rows (their size, not the history's): under the fold's lock, so
-- no fold moves a delta into the days between this sum and the new merge function taking over.
SELECT pg_advisory_xact_lock(hashtext('sales_rollup'));--> statement-breakpoint
INSERT INTO "sales_rollup_monthly"
SELECT date_trunc('month', day)::date, app_id, country, source, provider, currency, sum(orders), sum(free_orders), sum(gross), sum(vouchers),
       sum(refunds_completed_count), sum(refunds_completed), sum(refunds_paid_count), sum(refunds_paid)
  FROM "sales_rollup" GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO "sales_product_rollup_monthly"
SELECT date_trunc('month', day)::date, product_id, app_id, country, source, provider, currency, sum(orders), sum(free_orders), sum(gross),
       sum(vouchers), sum(quantity), sum(refunds_completed_count), sum(refunds_completed), sum(refunds_paid_count), sum(refunds_paid)
  FROM "sales_product_rollup" GROUP BY 1, 2, 3, 4, 5, 6, 7;
