-- The publisher's dashboard (docs/adr/0005-publisher-dashboard.md): distinct players of any period without scanning
-- orders or events. A page view names its player and game from now on.
ALTER TABLE "analytics_events" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "app_id" integer;--> statement-breakpoint
-- The day the dashboard's days are cut in (REPORT_TIME_ZONE); the server writes its setting here at start, and when it
-- changes the activity tables are rebuilt in the new zone.
CREATE TABLE "report_settings" (
  "id" boolean PRIMARY KEY DEFAULT true NOT NULL,
  "time_zone" text NOT NULL,
  CONSTRAINT "report_settings_one_row_check" CHECK ("report_settings"."id")
);--> statement-breakpoint
INSERT INTO "report_settings" ("id", "time_zone") VALUES (true, 'UTC');--> statement-breakpoint
-- Per game (app_id 0: any game), kind of activity (1 active, 2 opened the store, 3 ordered, 4 paid) and player: the
-- last day the player did it.
CREATE TABLE "player_activity_last" (
  "app_id" integer NOT NULL,
  "kind" smallint NOT NULL,
  "user_id" bigint NOT NULL,
  "last_day" date NOT NULL,
  CONSTRAINT "player_activity_last_pk" PRIMARY KEY ("app_id", "kind", "user_id")
);--> statement-breakpoint
-- How many players did it on `day` whose day before that was `previous_day` ('-infinity': never before). The distinct
-- players of days [a, b] are the rows of those days with previous_day < a; those doing it for the first time ever, the
-- rows with previous_day '-infinity'.
CREATE TABLE "player_activity_days" (
  "app_id" integer NOT NULL,
  "kind" smallint NOT NULL,
  "day" date NOT NULL,
  "previous_day" date NOT NULL,
  "players" integer NOT NULL,
  CONSTRAINT "player_activity_days_pk" PRIMARY KEY ("app_id", "kind", "day", "previous_day")
);--> statement-breakpoint
-- One player's activity of one kind in one game at a time. Activity arrives in time order (orders and page views are
-- written as they happen), so the player's last day is the one before this one; a day earlier than the last one
-- (a transaction that started before midnight and committed after a later one) is already covered by a later day.
-- One row per player and first activity of a kind on a day, appended by the triggers: an insert never waits for another
-- transaction (a counter row of today would be updated by every order placed today, one transaction at a time). The
-- recurring job folds them into player_activity_days (fold_player_activity); reads add the rows not folded yet.
CREATE TABLE "player_activity_day_deltas" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "app_id" integer NOT NULL,
  "kind" smallint NOT NULL,
  "day" date NOT NULL,
  "previous_day" date NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "record_player_activity"("p_app" integer, "p_kind" smallint, "p_user" bigint, "p_at" timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := ("p_at" AT TIME ZONE (SELECT "time_zone" FROM "report_settings"))::date;
  v_last date;
BEGIN
  INSERT INTO "player_activity_last" ("app_id", "kind", "user_id", "last_day") VALUES ("p_app", "p_kind", "p_user", v_day)
    ON CONFLICT DO NOTHING;
  IF FOUND THEN
    v_last := '-infinity';
  ELSE
    SELECT "last_day" INTO v_last FROM "player_activity_last"
     WHERE "app_id" = "p_app" AND "kind" = "p_kind" AND "user_id" = "p_user" FOR UPDATE;
    IF v_last >= v_day THEN RETURN; END IF;
    UPDATE "player_activity_last" SET "last_day" = v_day WHERE "app_id" = "p_app" AND "kind" = "p_kind" AND "user_id" = "p_user";
  END IF;
  INSERT INTO "player_activity_day_deltas" ("app_id", "kind", "day", "previous_day") VALUES ("p_app", "p_kind", v_day, v_last);
END $$;--> statement-breakpoint
-- In the game and in "any game" (0).
CREATE FUNCTION "record_player_activity_in_game"("p_app" integer, "p_kind" smallint, "p_user" bigint, "p_at" timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_player_activity"("p_app", "p_kind", "p_user", "p_at");
  PERFORM "record_player_activity"(0, "p_kind", "p_user", "p_at");
END $$;--> statement-breakpoint
-- Placing an order makes the player active (a free gift too) and, with money, ordering; paying (paid_at set) makes them
-- active and paying. Free gifts never count as ordering or paying.
CREATE FUNCTION "orders_record_player_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "record_player_activity_in_game"(NEW."app_id", 1::smallint, NEW."user_id", NEW."created_at");
    IF NEW."pay_amount_minor" > 0 THEN
      PERFORM "record_player_activity_in_game"(NEW."app_id", 3::smallint, NEW."user_id", NEW."created_at");
    END IF;
  END IF;
  IF NEW."paid_at" IS NOT NULL AND (TG_OP = 'INSERT' OR OLD."paid_at" IS NULL) AND NEW."pay_amount_minor" > 0 THEN
    PERFORM "record_player_activity_in_game"(NEW."app_id", 1::smallint, NEW."user_id", NEW."paid_at");
    PERFORM "record_player_activity_in_game"(NEW."app_id", 4::smallint, NEW."user_id", NEW."paid_at");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- PostgreSQL fires an event's triggers in name order. A payment's update first gives its unpaid slot back (the
-- player's users row, orders_release_unpaid_slot) and only then locks the player's activity rows, the order in which
-- an order's placement takes them (the users row, then the insert's triggers): named the other way round, a payment
-- and a placement of the same player deadlocked (seen in the bank workload test).
CREATE TRIGGER "orders_track_player_activity" AFTER INSERT OR UPDATE OF "paid_at" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_record_player_activity"();--> statement-breakpoint
-- The store pages of the web shop: the voucher page, the shop's home, a product, the cart.
CREATE FUNCTION "is_store_page"("p_path" text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT "p_path" IN ('/voucher', '/home', '/home/goodsDetail', '/shoppingCart')
$$;--> statement-breakpoint
CREATE FUNCTION "analytics_events_record_player_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The game is the client's word: only a known one gets rows.
  IF NEW."name" = 'page_view' AND NEW."user_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "games" WHERE "app_id" = NEW."app_id") THEN
    PERFORM "record_player_activity_in_game"(NEW."app_id", 1::smallint, NEW."user_id", NEW."created_at");
    IF "is_store_page"(NEW."payload"->>'path') THEN
      PERFORM "record_player_activity_in_game"(NEW."app_id", 2::smallint, NEW."user_id", NEW."created_at");
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "analytics_events_record_player_activity" AFTER INSERT ON "analytics_events"
  FOR EACH ROW EXECUTE FUNCTION "analytics_events_record_player_activity"();--> statement-breakpoint
-- Both tables again from the rows (this migration on a database with orders; a change of the time zone): the same
-- activity the triggers record, in the zone of report_settings.
CREATE FUNCTION "rebuild_player_activity"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_zone text := (SELECT "time_zone" FROM "report_settings");
BEGIN
  DELETE FROM "player_activity_days";
  DELETE FROM "player_activity_day_deltas";
  DELETE FROM "player_activity_last";
  WITH "acts" AS (
    SELECT "app_id", 1 AS "kind", "user_id", "created_at" AS "at" FROM "orders"
    UNION ALL SELECT "app_id", 3, "user_id", "created_at" FROM "orders" WHERE "pay_amount_minor" > 0
    UNION ALL SELECT "app_id", 1, "user_id", "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL AND "pay_amount_minor" > 0
    UNION ALL SELECT "app_id", 4, "user_id", "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL AND "pay_amount_minor" > 0
    UNION ALL SELECT "app_id", 1, "user_id", "created_at" FROM "analytics_events"
     WHERE "name" = 'page_view' AND "user_id" IS NOT NULL AND "app_id" IS NOT NULL
    UNION ALL SELECT "app_id", 2, "user_id", "created_at" FROM "analytics_events"
     WHERE "name" = 'page_view' AND "user_id" IS NOT NULL AND "app_id" IS NOT NULL AND "is_store_page"("payload"->>'path')
  ), "days" AS (
    SELECT DISTINCT "games"."app_id", "acts"."kind", "acts"."user_id", ("acts"."at" AT TIME ZONE v_zone)::date AS "day"
      FROM "acts" CROSS JOIN LATERAL (VALUES ("acts"."app_id"), (0)) AS "games"("app_id")
  ), "lasts" AS (
    INSERT INTO "player_activity_last" ("app_id", "kind", "user_id", "last_day")
    SELECT "app_id", "kind", "user_id", max("day") FROM "days" GROUP BY 1, 2, 3
  )
  INSERT INTO "player_activity_days" ("app_id", "kind", "day", "previous_day", "players")
  SELECT "app_id", "kind", "day", "previous_day", count(*)
    FROM (SELECT "app_id", "kind", "day",
                 coalesce(lag("day") OVER (PARTITION BY "app_id", "kind", "user_id" ORDER BY "day"), '-infinity') AS "previous_day"
            FROM "days") AS "chained"
   GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint
-- Folds up to `p_batch` appended rows (oldest first) into player_activity_days, in one statement: a reader sees them
-- either as deltas or as counts, never both or neither. Returns how many were folded.
CREATE FUNCTION "fold_player_activity"("p_batch" integer) RETURNS integer LANGUAGE sql AS $$
  WITH "gone" AS (
    DELETE FROM "player_activity_day_deltas"
     WHERE "id" IN (SELECT "id" FROM "player_activity_day_deltas" ORDER BY "id" LIMIT "p_batch")
    RETURNING "app_id", "kind", "day", "previous_day"
  ), "added" AS (
    INSERT INTO "player_activity_days" ("app_id", "kind", "day", "previous_day", "players")
    SELECT "app_id", "kind", "day", "previous_day", count(*) FROM "gone" GROUP BY 1, 2, 3, 4
    ON CONFLICT ("app_id", "kind", "day", "previous_day") DO UPDATE SET "players" = "player_activity_days"."players" + EXCLUDED."players"
    RETURNING 1
  )
  SELECT count(*)::integer FROM "gone"
$$;--> statement-breakpoint
SELECT "rebuild_player_activity"();
