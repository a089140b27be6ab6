-- ADR 0006: an order line keeps the product's name in the order's language and the product's version, not every
-- translation of its name and description. Products get a version, raised by the database on every catalogue change.
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Every update that changes anything but updated_at (console edits, catalogue import, scripts) raises the version by
-- one; an update that changes nothing keeps it. A client cannot set it.
CREATE FUNCTION "products_raise_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_jsonb(NEW) - 'updated_at' - 'version' IS DISTINCT FROM to_jsonb(OLD) - 'updated_at' - 'version' THEN
    NEW."version" := OLD."version" + 1;
  ELSE
    NEW."version" := OLD."version";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_version" BEFORE UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_raise_version"();--> statement-breakpoint
-- Orders placed so far did not keep their language: they are taken as English, the default language. A constant
-- default fills them without rewriting the table; new orders always name theirs, so the default goes.
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
-- One ALTER, one rewrite of order_items: the names turn into the English name (every order so far is 'en', above;
-- else any name the line has), the descriptions and thumbnails go, and the rewrite leaves none of their bytes behind
-- (an UPDATE then DROP COLUMN would keep them in every row and in TOAST until a VACUUM FULL). Lines sold so far get the
-- version every product has now, 1. The columns read by other triggers (product_id, quantity, price_minor,
-- voucher_amount, currency) are not touched.
ALTER TABLE "order_items"
  ALTER COLUMN "names" TYPE text USING coalesce("names" ->> 'en', jsonb_path_query_first("names", '$.*') #>> '{}', ''),
  DROP COLUMN "descs",
  DROP COLUMN "thumb",
  ADD COLUMN "product_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" RENAME COLUMN "names" TO "name";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "product_version" DROP DEFAULT;
