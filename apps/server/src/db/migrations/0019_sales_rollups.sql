-- The sales report's rollups (docs/adr/0001-sales-rollups.md). Triggers on the rows that move money append signed
-- deltas (raw timestamps); the recurring job folds them into per-day rollups in the publisher's time zone; a report reads
-- rollup + unfolded deltas in one snapshot, so it is exact at every moment.
CREATE TABLE "sales_rollup_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"sold_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"app_id" integer NOT NULL,
	"country" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"free_orders" integer NOT NULL,
	"gross" bigint NOT NULL,
	"vouchers" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"refund_count" integer NOT NULL,
	"refunds" bigint NOT NULL
);--> statement-breakpoint
CREATE TABLE "sales_rollup" (
	"day" date NOT NULL,
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
	CONSTRAINT "sales_rollup_pk" PRIMARY KEY("day","app_id","country","source","provider","currency")
);--> statement-breakpoint
CREATE TABLE "sales_product_rollup" (
	"day" date NOT NULL,
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
	CONSTRAINT "sales_product_rollup_pk" PRIMARY KEY("day","product_id","app_id","country","source","provider","currency")
);--> statement-breakpoint
CREATE TABLE "sales_rollup_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_rollup_state_one_row" CHECK ("sales_rollup_state"."id")
);--> statement-breakpoint
INSERT INTO "sales_rollup_state" ("time_zone") VALUES ('UTC');--> statement-breakpoint
-- What each order contributes, as delta-shaped rows: `part` sale (the order, then one row per product of its lines) or
-- refund (its completed refund, order-level then per product). Sold statuses 2, 3, 6, 8, 9 (SOLD_STATUSES in
-- reports.service.ts). A sale needs paid_at (its day); a refund carries both days: the order's payment (refund basis
-- `ordered`) and the refund's completion (basis `refunded`). Country and provider '' stand for NULL. vouchers: the
-- order's ledger purchase entries; for a product, its lines' voucher_amount x quantity when the order credited any.
-- The triggers read it WHERE order_id = one order (the conditions reach the indexes); the rebuild reads it whole.
CREATE VIEW "sales_facts" AS
  SELECT 'sale'::text AS part, o.id AS order_id, NULL::integer AS product_id, o.paid_at AS sold_at, NULL::timestamptz AS refunded_at,
         o.app_id, coalesce(o.region_code::text, '') AS country, o.order_source AS source, coalesce(o.third_channel_name, '') AS provider,
         o.currency::text AS currency, 1 AS orders, (o.pay_amount_minor = 0)::int AS free_orders, o.pay_amount_minor::int8 AS gross,
         coalesce(v.credited, 0)::int8 AS vouchers, 0::int8 AS quantity, 0 AS refund_count, 0::int8 AS refunds
    FROM orders o
    LEFT JOIN (SELECT order_id, sum(amount) AS credited FROM voucher_ledger WHERE kind = 'purchase' AND order_id IS NOT NULL GROUP BY order_id) v ON v.order_id = o.id
   WHERE o.status IN (2, 3, 6, 8, 9) AND o.paid_at IS NOT NULL
  UNION ALL
  SELECT 'sale', o.id, i.product_id, o.paid_at, NULL,
         o.app_id, coalesce(o.region_code::text, ''), o.order_source, coalesce(o.third_channel_name, ''),
         o.currency::text, 1, (o.pay_amount_minor = 0)::int, i.gross,
         CASE WHEN v.credited IS NULL THEN 0 ELSE i.vouchers END, i.quantity, 0, 0
    FROM orders o
    JOIN (SELECT order_id, product_id, sum(price_minor::int8 * quantity) AS gross, sum(voucher_amount::int8 * quantity) AS vouchers, sum(quantity)::int8 AS quantity
            FROM order_items GROUP BY order_id, product_id) i ON i.order_id = o.id
    LEFT JOIN (SELECT order_id, sum(amount) AS credited FROM voucher_ledger WHERE kind = 'purchase' AND order_id IS NOT NULL GROUP BY order_id) v ON v.order_id = o.id
   WHERE o.status IN (2, 3, 6, 8, 9) AND o.paid_at IS NOT NULL
  UNION ALL
  SELECT 'refund', o.id, NULL, o.paid_at, r.completed_at,
         o.app_id, coalesce(o.region_code::text, ''), o.order_source, coalesce(o.third_channel_name, ''),
         o.currency::text, 0, 0, 0, 0, 0, 1, r.amount_minor::int8
    FROM refunds r JOIN orders o ON o.id = r.order_id
   WHERE r.status = 'completed' AND o.status IN (2, 3, 6, 8, 9)
  UNION ALL
  SELECT 'refund', o.id, i.product_id, o.paid_at, r.completed_at,
         o.app_id, coalesce(o.region_code::text, ''), o.order_source, coalesce(o.third_channel_name, ''),
         o.currency::text, 0, 0, 0, 0, 0, 1, i.gross
    FROM refunds r JOIN orders o ON o.id = r.order_id
    JOIN (SELECT order_id, product_id, sum(price_minor::int8 * quantity) AS gross FROM order_items GROUP BY order_id, product_id) i ON i.order_id = o.id
   WHERE r.status = 'completed' AND o.status IN (2, 3, 6, 8, 9);--> statement-breakpoint
-- Appends `sign` x the order's contribution (the parts named) as it is now. A change is recorded as the contribution
-- before it (BEFORE trigger, sign -1) and after it (AFTER trigger, +1), so the deltas add up to the exact difference
-- whatever changed. The order row is locked FOR SHARE first (settlement already holds it FOR UPDATE): a concurrent change
-- of the order waits, and the next statement's snapshot sees it, so two transactions never each miss the other's part.
CREATE FUNCTION "sales_rollup_record"(p_order bigint, p_sign integer, p_parts text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_order IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM orders WHERE id = p_order FOR SHARE;
  INSERT INTO sales_rollup_deltas (product_id, sold_at, refunded_at, app_id, country, source, provider, currency,
                                   orders, free_orders, gross, vouchers, quantity, refund_count, refunds)
  SELECT product_id, sold_at, refunded_at, app_id, country, source, provider, currency,
         p_sign * orders, p_sign * free_orders, p_sign * gross, p_sign * vouchers, p_sign * quantity, p_sign * refund_count, p_sign * refunds
    FROM sales_facts WHERE order_id = p_order AND part = ANY (p_parts);
END $$;--> statement-breakpoint
-- The trigger of every table an order's contribution reads; TG_ARGV are the parts of the contribution the table moves.
CREATE FUNCTION "sales_rollup_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parts text[] := TG_ARGV;
  sign integer := CASE WHEN TG_WHEN = 'BEFORE' THEN -1 ELSE 1 END;
  old_order bigint;
  new_order bigint;
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    IF TG_OP <> 'INSERT' THEN old_order := OLD.id; END IF;
    IF TG_OP <> 'DELETE' THEN new_order := NEW.id; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN old_order := OLD.order_id; END IF;
    IF TG_OP <> 'DELETE' THEN new_order := NEW.order_id; END IF;
  END IF;
  -- Before an insert the order's contribution does not include the new row yet; after a delete it no longer does.
  PERFORM sales_rollup_record(coalesce(new_order, old_order), sign, parts);
  IF old_order <> new_order THEN PERFORM sales_rollup_record(old_order, sign, parts); END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- orders: only the changes that move a contribution (into or out of the sold statuses, paid_at, a grouping column, the
-- amount) of an order that is or becomes sold; a move between sold statuses (paid -> delivered -> refunded) changes none.
CREATE TRIGGER "sales_rollup_orders_insert" AFTER INSERT ON "orders" FOR EACH ROW
  WHEN (NEW."status" IN (2, 3, 6, 8, 9))
  EXECUTE FUNCTION "sales_rollup_track"('sale', 'refund');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_orders_delete" BEFORE DELETE ON "orders" FOR EACH ROW
  WHEN (OLD."status" IN (2, 3, 6, 8, 9))
  EXECUTE FUNCTION "sales_rollup_track"('sale', 'refund');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_orders_before" BEFORE UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD."status" IN (2, 3, 6, 8, 9) OR NEW."status" IN (2, 3, 6, 8, 9)) AND (
    (OLD."status" IN (2, 3, 6, 8, 9)) <> (NEW."status" IN (2, 3, 6, 8, 9)) OR OLD."paid_at" IS DISTINCT FROM NEW."paid_at"
    OR OLD."app_id" <> NEW."app_id" OR OLD."region_code" IS DISTINCT FROM NEW."region_code" OR OLD."order_source" <> NEW."order_source"
    OR OLD."third_channel_name" IS DISTINCT FROM NEW."third_channel_name" OR OLD."currency" <> NEW."currency"
    OR OLD."pay_amount_minor" <> NEW."pay_amount_minor"))
  EXECUTE FUNCTION "sales_rollup_track"('sale', 'refund');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_orders_after" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD."status" IN (2, 3, 6, 8, 9) OR NEW."status" IN (2, 3, 6, 8, 9)) AND (
    (OLD."status" IN (2, 3, 6, 8, 9)) <> (NEW."status" IN (2, 3, 6, 8, 9)) OR OLD."paid_at" IS DISTINCT FROM NEW."paid_at"
    OR OLD."app_id" <> NEW."app_id" OR OLD."region_code" IS DISTINCT FROM NEW."region_code" OR OLD."order_source" <> NEW."order_source"
    OR OLD."third_channel_name" IS DISTINCT FROM NEW."third_channel_name" OR OLD."currency" <> NEW."currency"
    OR OLD."pay_amount_minor" <> NEW."pay_amount_minor"))
  EXECUTE FUNCTION "sales_rollup_track"('sale', 'refund');--> statement-breakpoint
-- refunds: a completed refund (into or out of 'completed', its day, its amount).
CREATE TRIGGER "sales_rollup_refunds_insert_before" BEFORE INSERT ON "refunds" FOR EACH ROW
  WHEN (NEW."status" = 'completed') EXECUTE FUNCTION "sales_rollup_track"('refund');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_refunds_insert_after" AFTER INSERT ON "refunds" FOR EACH ROW
  WHEN (NEW."status" = 'completed') EXECUTE FUNCTION "sales_rollup_track"('refund');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_refunds_update_before" BEFORE UPDATE ON "refunds" FOR EACH ROW
  WHEN ((OLD."status" = 'completed' OR NEW."status" = 'completed') AND (OLD."status" <> NEW."status"
    OR OLD."completed_at" IS DISTINCT FROM NEW."completed_at" OR OLD."amount_minor" <> NEW."amount_minor" OR OLD."order_id" <> NEW."order_id"))
  EXECUTE FUNCTION "sales_rollup_track"('refund');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_refunds_update_after" AFTER UPDATE ON "refunds" FOR EACH ROW
  WHEN ((OLD."status" = 'completed' OR NEW."status" = 'completed') AND (OLD."status" <> NEW."status"
    OR OLD."completed_at" IS DISTINCT FROM NEW."completed_at" OR OLD."amount_minor" <> NEW."amount_minor" OR OLD."order_id" <> NEW."order_id"))
  EXECUTE FUNCTION "sales_rollup_track"('refund');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_refunds_delete_before" BEFORE DELETE ON "refunds" FOR EACH ROW
  WHEN (OLD."status" = 'completed') EXECUTE FUNCTION "sales_rollup_track"('refund');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_refunds_delete_after" AFTER DELETE ON "refunds" FOR EACH ROW
  WHEN (OLD."status" = 'completed') EXECUTE FUNCTION "sales_rollup_track"('refund');--> statement-breakpoint
-- order_items: a line of a sold order (the product rollup; lines are written with the order, before any payment).
CREATE TRIGGER "sales_rollup_items_before" BEFORE INSERT OR UPDATE OR DELETE ON "order_items" FOR EACH ROW
  EXECUTE FUNCTION "sales_rollup_track"('sale', 'refund');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_items_after" AFTER INSERT OR UPDATE OR DELETE ON "order_items" FOR EACH ROW
  EXECUTE FUNCTION "sales_rollup_track"('sale', 'refund');--> statement-breakpoint
-- voucher_ledger: an order's purchase entries (vouchers credited).
CREATE TRIGGER "sales_rollup_ledger_insert_before" BEFORE INSERT ON "voucher_ledger" FOR EACH ROW
  WHEN (NEW."kind" = 'purchase' AND NEW."order_id" IS NOT NULL) EXECUTE FUNCTION "sales_rollup_track"('sale');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_ledger_insert_after" AFTER INSERT ON "voucher_ledger" FOR EACH ROW
  WHEN (NEW."kind" = 'purchase' AND NEW."order_id" IS NOT NULL) EXECUTE FUNCTION "sales_rollup_track"('sale');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_ledger_change_before" BEFORE UPDATE OR DELETE ON "voucher_ledger" FOR EACH ROW
  WHEN (OLD."kind" = 'purchase' AND OLD."order_id" IS NOT NULL) EXECUTE FUNCTION "sales_rollup_track"('sale');--> statement-breakpoint
CREATE TRIGGER "sales_rollup_ledger_change_after" AFTER UPDATE OR DELETE ON "voucher_ledger" FOR EACH ROW
  WHEN (OLD."kind" = 'purchase' AND OLD."order_id" IS NOT NULL) EXECUTE FUNCTION "sales_rollup_track"('sale');--> statement-breakpoint
-- Adds delta-shaped rows (the query `source`, e.g. a DELETE ... RETURNING of deltas, or the facts) to the rollups, each
-- on its day in the rollup's time zone: the sale and the refund on the `ordered` basis on the payment's day, the refund
-- on the `refunded` basis on the completion's day.
CREATE FUNCTION "sales_rollup_merge"(source text) RETURNS bigint LANGUAGE plpgsql AS $$
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
      RETURNING 1)
    SELECT count(*) FROM d$sql$, source, zone, zone)
  INTO merged;
  RETURN merged;
END $$;--> statement-breakpoint
-- Folds at most `batch` deltas (the oldest) into the rollups in one transaction; returns how many. Rows of a transaction
-- not yet committed are invisible to the DELETE and wait for the next fold, whatever their id; two folds at once: the
-- second finds the lock taken and folds nothing.
CREATE FUNCTION "sales_rollup_fold"(batch integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  upto bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('sales_rollup')) THEN RETURN 0; END IF;
  SELECT max(id) INTO upto FROM (SELECT id FROM sales_rollup_deltas ORDER BY id LIMIT batch) oldest;
  IF upto IS NULL THEN RETURN 0; END IF;
  RETURN sales_rollup_merge(format('DELETE FROM sales_rollup_deltas WHERE id <= %s RETURNING *', upto));
END $$;--> statement-breakpoint
-- Rebuilds both rollups from the raw rows with days in `zone` (an IANA name), in one transaction. Unless `force`, does
-- nothing when the rollups are already in that zone (checked under the lock: two instances starting with a new zone
-- rebuild once). The EXCLUSIVE lock on the deltas waits for every transaction that has written deltas and holds back
-- new ones until the commit, so the raw rows read here and the deltas deleted here are the same changes.
CREATE FUNCTION "sales_rollup_rebuild"(zone text, force boolean DEFAULT true) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM now() AT TIME ZONE zone;
  PERFORM pg_advisory_xact_lock(hashtext('sales_rollup'));
  IF NOT force AND (SELECT time_zone FROM sales_rollup_state) = zone THEN RETURN false; END IF;
  LOCK TABLE sales_rollup_deltas IN EXCLUSIVE MODE;
  DELETE FROM sales_rollup;
  DELETE FROM sales_product_rollup;
  DELETE FROM sales_rollup_deltas;
  UPDATE sales_rollup_state SET time_zone = zone, built_at = now();
  PERFORM sales_rollup_merge('SELECT * FROM sales_facts');
  -- The planner's estimates of a table just refilled (a report over a year must hash, not sort, its groups).
  ANALYZE sales_rollup;
  ANALYZE sales_product_rollup;
  RETURN true;
END $$;--> statement-breakpoint
SELECT "sales_rollup_rebuild"('UTC');
