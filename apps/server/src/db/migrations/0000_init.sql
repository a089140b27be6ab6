CREATE TABLE "countries" (
	"region_code" char(2) PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"region_cn" text NOT NULL,
	"dial_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"app_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"server_id" text NOT NULL,
	"role_id" text NOT NULL,
	"role_name" text NOT NULL,
	"user_level" integer DEFAULT 1 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_servers" (
	"app_id" integer NOT NULL,
	"server_id" text NOT NULL,
	"server_name" text NOT NULL,
	CONSTRAINT "game_servers_app_id_server_id_pk" PRIMARY KEY("app_id","server_id")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"descs" jsonb NOT NULL,
	"thumb" text NOT NULL,
	"category_id" integer NOT NULL,
	"goods_type" smallint NOT NULL,
	"quantity" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"price_minor" integer NOT NULL,
	"original_price_minor" integer NOT NULL,
	"voucher_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_sn" text NOT NULL,
	"user_id" bigint NOT NULL,
	"app_id" integer NOT NULL,
	"game_account_id" bigint,
	"order_source" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"currency" char(3) NOT NULL,
	"total_amount_minor" integer NOT NULL,
	"pay_amount_minor" integer NOT NULL,
	"region_code" char(2),
	"selected_region_code" char(2),
	"pay_channel_id" integer,
	"pay_method_name" text,
	"pay_method_id" text,
	"third_channel_name" text,
	"third_order_id" text,
	"third_pay_response" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" BETWEEN 0 AND 9),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."total_amount_minor" >= 0 AND "orders"."pay_amount_minor" >= 0),
	CONSTRAINT "orders_sn_length_check" CHECK (length("orders"."order_sn") >= 13)
);
--> statement-breakpoint
CREATE TABLE "pay_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"region_code" text NOT NULL,
	"pay_method_name" text NOT NULL,
	"pay_method_id" text NOT NULL,
	"third_channel_id" text NOT NULL,
	"third_channel_name" text NOT NULL,
	"pay_icon" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "pay_channels_provider_check" CHECK ("pay_channels"."third_channel_name" IN ('xsolla', 'paypal', 'payermax'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"event_type" text NOT NULL,
	"order_id" bigint,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"goods_type" smallint NOT NULL,
	"category_id" integer NOT NULL,
	"product_sn" text NOT NULL,
	"price_minor" integer NOT NULL,
	"discount_price_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"voucher_amount" integer DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"thumbnail" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"names" jsonb NOT NULL,
	"descs" jsonb NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_minor" >= 0 AND "products"."discount_price_minor" >= 0 AND "products"."discount_price_minor" <= "products"."price_minor"),
	CONSTRAINT "products_voucher_amount_check" CHECK ("products"."voucher_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"game_account_id" bigint,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text,
	"mobile" text,
	"country_code" char(2),
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_accounts" (
	"game_account_id" bigint PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_accounts_balance_check" CHECK ("voucher_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_ledger_amount_check" CHECK ("voucher_ledger"."amount" <> 0 AND "voucher_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_accounts" ADD CONSTRAINT "game_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_accounts" ADD CONSTRAINT "game_accounts_app_id_games_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."games"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_servers" ADD CONSTRAINT "game_servers_app_id_games_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."games"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_id_games_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."games"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_game_account_id_game_accounts_id_fk" FOREIGN KEY ("game_account_id") REFERENCES "public"."game_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pay_channel_id_pay_channels_id_fk" FOREIGN KEY ("pay_channel_id") REFERENCES "public"."pay_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_channels" ADD CONSTRAINT "pay_channels_app_id_games_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."games"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_app_id_games_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."games"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_game_account_id_game_accounts_id_fk" FOREIGN KEY ("game_account_id") REFERENCES "public"."game_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_accounts" ADD CONSTRAINT "voucher_accounts_game_account_id_game_accounts_id_fk" FOREIGN KEY ("game_account_id") REFERENCES "public"."game_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_ledger" ADD CONSTRAINT "voucher_ledger_game_account_id_game_accounts_id_fk" FOREIGN KEY ("game_account_id") REFERENCES "public"."game_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_ledger" ADD CONSTRAINT "voucher_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_accounts_role_key" ON "game_accounts" USING btree ("app_id","server_id","role_id");--> statement-breakpoint
CREATE INDEX "game_accounts_user_idx" ON "game_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "game_accounts_account_idx" ON "game_accounts" USING btree ("app_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" IS NULL AND "jobs"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_sn_key" ON "orders" USING btree ("order_sn");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_third_order_idx" ON "orders" USING btree ("third_channel_name","third_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_channels_method_key" ON "pay_channels" USING btree ("app_id","region_code","pay_method_id","third_channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_key" ON "payment_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sn_key" ON "products" USING btree ("product_sn");--> statement-breakpoint
CREATE INDEX "products_app_type_idx" ON "products" USING btree ("app_id","goods_type","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_ledger_reference_key" ON "voucher_ledger" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "voucher_ledger_account_idx" ON "voucher_ledger" USING btree ("game_account_id","id");