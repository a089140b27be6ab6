CREATE INDEX "game_accounts_role_id_idx" ON "game_accounts" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "game_accounts_role_name_idx" ON "game_accounts" USING btree (lower("role_name"));--> statement-breakpoint
CREATE INDEX "jobs_order_idx" ON "jobs" USING btree (("payload"->>'orderId'));--> statement-breakpoint
CREATE INDEX "orders_sn_tail_idx" ON "orders" USING btree (substring("order_sn" from 13));--> statement-breakpoint
CREATE INDEX "orders_game_account_idx" ON "orders" USING btree ("game_account_id");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."status" IN (2, 3, 6, 8, 9);--> statement-breakpoint
CREATE INDEX "orders_delivery_error_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."status" = 8;--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_completed_idx" ON "refunds" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "voucher_ledger_order_idx" ON "voucher_ledger" USING btree ("order_id");