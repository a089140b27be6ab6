-- ADR 0050: local prices. Per country its currency, tax model and the providers that charge the local currency; the
-- current exchange rates the operators import; a price point per product and country; and on the order, what it was
-- sold at (country, base currency and amounts, rate, tax).
CREATE TABLE "country_pricing" (
  "region_code" char(2) PRIMARY KEY NOT NULL,
  "currency" char(3) NOT NULL,
  "tax_model" text NOT NULL,
  "tax_rate_bp" integer DEFAULT 0 NOT NULL,
  -- NULL: every provider that can charge the currency (PaymentProvider.chargeableCurrencies); else only these.
  "local_providers" text[],
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "country_pricing_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "country_pricing_tax_model_check" CHECK ("tax_model" IN ('inclusive', 'exclusive', 'none')),
  CONSTRAINT "country_pricing_tax_rate_check" CHECK ("tax_rate_bp" BETWEEN 0 AND 10000)
);--> statement-breakpoint
CREATE TABLE "exchange_rates" (
  "currency" char(3) PRIMARY KEY NOT NULL,
  -- Units of the currency per one US dollar, exactly as the imported table gave it.
  "per_usd" numeric(24, 12) NOT NULL,
  "as_of" date NOT NULL,
  "source" text NOT NULL,
  "imported_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "exchange_rates_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "exchange_rates_per_usd_check" CHECK ("per_usd" > 0)
);--> statement-breakpoint
CREATE TABLE "product_prices" (
  "product_id" integer NOT NULL,
  "region_code" char(2) NOT NULL,
  "currency" char(3) NOT NULL,
  "price_minor" integer NOT NULL,
  "discount_price_minor" integer NOT NULL,
  "tax_included" boolean NOT NULL,
  "tax_rate_bp" integer DEFAULT 0 NOT NULL,
  -- Set by an operator (kept when rates or the base price change) or computed (rate and computed_at say from what).
  "override" boolean DEFAULT false NOT NULL,
  "rate" numeric(24, 12),
  "computed_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_prices_pkey" PRIMARY KEY ("product_id", "region_code"),
  CONSTRAINT "product_prices_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
  CONSTRAINT "product_prices_price_check" CHECK ("price_minor" >= 0 AND "discount_price_minor" >= 0 AND "discount_price_minor" <= "price_minor"),
  CONSTRAINT "product_prices_tax_rate_check" CHECK ("tax_rate_bp" BETWEEN 0 AND 10000),
  CONSTRAINT "product_prices_computed_check" CHECK ("override" OR ("rate" IS NOT NULL AND "computed_at" IS NOT NULL))
);--> statement-breakpoint
ALTER TABLE "country_pricing" ADD CONSTRAINT "country_pricing_region_code_countries_region_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."countries"("region_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_region_code_countries_region_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."countries"("region_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The console's country table of one product is the primary key's prefix; the drift check reads by currency.
CREATE INDEX "product_prices_currency_idx" ON "product_prices" ("currency") WHERE NOT "override";--> statement-breakpoint
-- What an order was sold at. Nullable and without defaults, so adding them rewrites nothing: orders placed before were
-- sold in USD at their own amounts, which is what the NULLs mean (reports read coalesce(base_pay_minor, pay_amount_minor)).
ALTER TABLE "orders"
  ADD COLUMN "country_code" char(2),
  ADD COLUMN "base_currency" char(3),
  ADD COLUMN "base_total_minor" integer,
  ADD COLUMN "base_pay_minor" integer,
  ADD COLUMN "exchange_rate" numeric(24, 12),
  ADD COLUMN "tax_model" text,
  ADD COLUMN "tax_rate_bp" integer,
  ADD COLUMN "tax_minor" integer;
