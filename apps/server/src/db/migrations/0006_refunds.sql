CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"status" text NOT NULL,
	"initiated_by" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"reason" text,
	"vouchers_taken_back" bigint DEFAULT 0 NOT NULL,
	"vouchers_unrecovered" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" IN ('pending', 'completed', 'failed')),
	CONSTRAINT "refunds_vouchers_check" CHECK ("refunds"."vouchers_taken_back" >= 0 AND "refunds"."vouchers_unrecovered" >= 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_key" ON "refunds" USING btree ("order_id");