CREATE TABLE "captcha_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"piece_x" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempted_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"token_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_daily_budget" (
	"day" text PRIMARY KEY NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"purpose" smallint NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"ip" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "captcha_challenges_token_key" ON "captcha_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "captcha_challenges_created_idx" ON "captcha_challenges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("target","purpose");--> statement-breakpoint
CREATE INDEX "verification_sends_target_idx" ON "verification_sends" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "verification_sends_ip_idx" ON "verification_sends" USING btree ("ip","created_at");