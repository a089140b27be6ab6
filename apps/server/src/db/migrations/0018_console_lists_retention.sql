CREATE INDEX IF NOT EXISTS "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_app_created_idx" ON "orders" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_provider_created_idx" ON "orders" USING btree ("third_channel_name","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "game_voucher_spends_spend_entry_idx" ON "game_voucher_spends" USING btree ("spend_entry_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "game_voucher_spends_reversal_entry_idx" ON "game_voucher_spends" USING btree ("reversal_entry_id") WHERE "game_voucher_spends"."reversal_entry_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_reported_idx" ON "refunds" USING btree ((coalesce("completed_at", "created_at")),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refund_requests_open_idx" ON "refund_requests" USING btree ("created_at","id") WHERE "refund_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE "jobs"."done_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verification_codes_expires_idx" ON "verification_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verification_sends_created_idx" ON "verification_sends" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_failures_created_idx" ON "login_failures" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dynamic_token_nonces_expires_idx" ON "dynamic_token_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "change_tickets_expires_idx" ON "change_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refresh_tokens_expires_idx" ON "refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operator_sessions_expires_idx" ON "operator_sessions" USING btree ("expires_at");
