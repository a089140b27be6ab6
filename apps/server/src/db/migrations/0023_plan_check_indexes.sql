-- Indexes the plan check (apps/server/test/plan-check.test.ts, ADR 0004) found missing: the console's order search by a
-- provider's id reads the refunds and second payments by the refund id a provider gave, the order page an order's second
-- payments, and the second-payments queue pages them oldest first, all of a status or all not yet refunded.
CREATE INDEX IF NOT EXISTS "refunds_provider_refund_idx" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "duplicate_payments_order_idx" ON "duplicate_payments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "duplicate_payments_refund_idx" ON "duplicate_payments" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "duplicate_payments_queue_idx" ON "duplicate_payments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "duplicate_payments_unrefunded_idx" ON "duplicate_payments" USING btree ("created_at","id") WHERE "duplicate_payments"."status" <> 'refunded';
