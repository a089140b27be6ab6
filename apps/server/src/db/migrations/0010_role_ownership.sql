CREATE TABLE "player_roles" (
	"user_id" bigint NOT NULL,
	"game_account_id" bigint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_roles_user_id_game_account_id_pk" PRIMARY KEY("user_id","game_account_id")
);
--> statement-breakpoint
ALTER TABLE "game_accounts" DROP CONSTRAINT "game_accounts_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "game_accounts_user_idx";--> statement-breakpoint
ALTER TABLE "game_accounts" ADD COLUMN "owner_user_id" bigint;--> statement-breakpoint
ALTER TABLE "player_roles" ADD CONSTRAINT "player_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_roles" ADD CONSTRAINT "player_roles_game_account_id_game_accounts_id_fk" FOREIGN KEY ("game_account_id") REFERENCES "public"."game_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_roles_role_idx" ON "player_roles" USING btree ("game_account_id");--> statement-breakpoint
ALTER TABLE "game_accounts" ADD CONSTRAINT "game_accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_accounts_owner_idx" ON "game_accounts" USING btree ("owner_user_id");--> statement-breakpoint
-- Every player keeps the roles they had. Before this migration a role belonged to whoever first launched or bound it;
-- which of the two made a row is not recorded, so that player stays its owner until the game says otherwise.
INSERT INTO "player_roles" ("user_id", "game_account_id", "is_default", "created_at")
  SELECT "user_id", "id", "is_default", "created_at" FROM "game_accounts";--> statement-breakpoint
UPDATE "game_accounts" SET "owner_user_id" = "user_id";--> statement-breakpoint
ALTER TABLE "game_accounts" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "game_accounts" DROP COLUMN "is_default";