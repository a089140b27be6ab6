-- Reconciliation asks the providers from a schedule of its candidates instead of scanning orders (ADR 0003).
CREATE TABLE "reconciliation_schedule" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"asks" integer DEFAULT 0 NOT NULL,
	"next_ask_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "reconciliation_schedule" ADD CONSTRAINT "reconciliation_schedule_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_schedule_since_idx" ON "reconciliation_schedule" ("since");--> statement-breakpoint
CREATE INDEX "reconciliation_schedule_first_idx" ON "reconciliation_schedule" ("since") WHERE "asks" = 0;--> statement-breakpoint
CREATE INDEX "reconciliation_schedule_next_idx" ON "reconciliation_schedule" ("next_ask_at") WHERE "asks" > 0;--> statement-breakpoint
CREATE TABLE "reconciliation_sweeps" (
	"bucket" bigint PRIMARY KEY NOT NULL,
	"swept_at" timestamp with time zone DEFAULT now() NOT NULL,
	"orders_asked" integer DEFAULT 0 NOT NULL,
	"refund_cursor" bigint,
	"duplicate_cursor" bigint
);--> statement-breakpoint
-- Unpaid and processing orders with a payment session: few at any time (unpaid ones close after ORDER_EXPIRY_MINUTES).
CREATE INDEX "orders_reconcile_open_idx" ON "orders" ("created_at") WHERE "status" IN (0, 1) AND "third_channel_name" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" ("id") WHERE "status" = 'pending';--> statement-breakpoint
-- A closure (expired or closed by the player's timer 4, cancelled 5, failed 7) of an order that had a payment session
-- starts its candidacy: a payment made on a page kept open may still arrive. Every move goes through the order state
-- machine's conditional update, so this fires once per closure; the WHEN keeps every other move free of it.
CREATE FUNCTION "reconciliation_schedule_closure"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reconciliation_schedule" ("order_id", "since") VALUES (NEW."id", now())
  ON CONFLICT ("order_id") DO UPDATE SET "since" = excluded."since", "asks" = 0, "next_ask_at" = NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_reconciliation_closure" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (NEW."status" IN (4, 5, 7) AND OLD."status" IS DISTINCT FROM NEW."status" AND NEW."third_channel_name" IS NOT NULL)
  EXECUTE FUNCTION "reconciliation_schedule_closure"();--> statement-breakpoint
-- A session left by a channel switch may be paid too (a tab kept open), whatever becomes of the order.
CREATE FUNCTION "reconciliation_schedule_left_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reconciliation_schedule" ("order_id", "since") VALUES (NEW."order_id", now())
  ON CONFLICT ("order_id") DO UPDATE SET "since" = excluded."since", "asks" = 0, "next_ask_at" = NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "superseded_payment_sessions_reconciliation" AFTER INSERT ON "superseded_payment_sessions"
  FOR EACH ROW EXECUTE FUNCTION "reconciliation_schedule_left_session"();--> statement-breakpoint
-- The candidates of the last three days (the default look-back) join the schedule on upgrade; unpaid orders join at the
-- first sweep, and rows past a shorter configured look-back leave at the first sweep.
INSERT INTO "reconciliation_schedule" ("order_id", "since")
SELECT "id", "updated_at" FROM "orders"
WHERE "status" IN (4, 5, 7) AND "third_channel_name" IS NOT NULL AND "updated_at" > now() - interval '3 days';--> statement-breakpoint
INSERT INTO "reconciliation_schedule" ("order_id", "since")
SELECT "order_id", max("created_at") FROM "superseded_payment_sessions" WHERE "created_at" > now() - interval '3 days' GROUP BY "order_id"
ON CONFLICT ("order_id") DO UPDATE SET "since" = greatest("reconciliation_schedule"."since", excluded."since");
