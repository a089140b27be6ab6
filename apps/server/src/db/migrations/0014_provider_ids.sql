ALTER TABLE "orders" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE INDEX "orders_provider_payment_idx" ON "orders" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_events_refund_idx" ON "payment_events" USING btree ("refund_id");--> statement-breakpoint
-- Backfill from the event keys they used to be parsed out of (PayPal capture:<id>, refund:<id>; Xsolla payment:<id>,
-- refund:<id>; PayerMax payment:<orderSn>:SUCCESS carries the trade token in its payload).
UPDATE "payment_events" SET "payment_id" = substring("event_key" from 9) WHERE "provider" = 'paypal' AND "event_key" LIKE 'capture:%';--> statement-breakpoint
UPDATE "payment_events" SET "refund_id" = substring("event_key" from 8) WHERE "provider" IN ('paypal', 'xsolla') AND "event_key" LIKE 'refund:%';--> statement-breakpoint
UPDATE "payment_events" SET "payment_id" = substring("event_key" from 9) WHERE "provider" = 'xsolla' AND "event_key" LIKE 'payment:%';--> statement-breakpoint
UPDATE "payment_events" SET "payment_id" = coalesce("payload"->'data'->>'tradeToken', "payload"->>'tradeToken', split_part("event_key", ':', 2)) WHERE "provider" = 'payermax' AND "event_key" LIKE 'payment:%:SUCCESS';--> statement-breakpoint
UPDATE "orders" o SET "provider_payment_id" = e."payment_id"
  FROM (SELECT DISTINCT ON ("order_id") "order_id", "provider", "payment_id" FROM "payment_events"
         WHERE "payment_id" IS NOT NULL AND "event_type" NOT LIKE 'second-payment.%' ORDER BY "order_id", "id") e
 WHERE e."order_id" = o."id" AND e."provider" = o."third_channel_name" AND o."status" IN (2, 3, 6, 8, 9);
