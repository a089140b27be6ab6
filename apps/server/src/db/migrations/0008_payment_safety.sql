CREATE TABLE "duplicate_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"provider_refund_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "duplicate_payments_status_check" CHECK ("duplicate_payments"."status" IN ('open', 'refund_pending', 'refunded', 'refund_failed'))
);
--> statement-breakpoint
CREATE TABLE "superseded_payment_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"third_order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "game_revoke_status" text;--> statement-breakpoint
ALTER TABLE "duplicate_payments" ADD CONSTRAINT "duplicate_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superseded_payment_sessions" ADD CONSTRAINT "superseded_payment_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_payments_payment_key" ON "duplicate_payments" USING btree ("provider","payment_id");--> statement-breakpoint
CREATE INDEX "duplicate_payments_status_idx" ON "duplicate_payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "superseded_payment_sessions_order_idx" ON "superseded_payment_sessions" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_game_revoke_status_check" CHECK ("refunds"."game_revoke_status" IN ('pending', 'revoked', 'not-delivered'));