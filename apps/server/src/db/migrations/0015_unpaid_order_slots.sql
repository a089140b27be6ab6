ALTER TABLE "users" ADD COLUMN "open_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_open_orders_check" CHECK ("users"."open_orders" >= 0);--> statement-breakpoint
-- The orders each player has waiting for their money today (gifts are never paid, so never count).
UPDATE "users" u SET "open_orders" = (
  SELECT count(*) FROM "orders" o WHERE o."user_id" = u."id" AND o."status" IN (0, 1) AND o."order_source" <> 'gift');--> statement-breakpoint
-- An order that leaves 0/1 (paid, failed, expired, closed, cancelled) frees its place under the player's cap. Every move
-- goes through the order state machine's conditional update, so this fires once per order; the floor keeps a count
-- that an order written outside the placement never raised from going below zero.
CREATE FUNCTION "orders_release_unpaid_slot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" IN (0, 1) AND NEW."status" NOT IN (0, 1) AND NEW."order_source" <> 'gift' THEN
    UPDATE "users" SET "open_orders" = "open_orders" - 1 WHERE "id" = NEW."user_id" AND "open_orders" > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_release_unpaid_slot" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_release_unpaid_slot"();
