DROP INDEX "game_accounts_role_name_idx";--> statement-breakpoint
CREATE INDEX "game_accounts_role_name_prefix_idx" ON "game_accounts" USING btree (lower("role_name") text_pattern_ops);