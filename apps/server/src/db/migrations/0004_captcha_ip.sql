ALTER TABLE "captcha_challenges" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "captcha_challenges_ip_idx" ON "captcha_challenges" USING btree ("ip","created_at");