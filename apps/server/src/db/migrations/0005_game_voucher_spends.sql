CREATE TABLE "game_voucher_spends" (
	"app_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"game_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"item_id" text NOT NULL,
	"item_name" text,
	"spend_entry_id" bigint NOT NULL,
	"reversal_entry_id" bigint,
	"reversal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_voucher_spends_app_id_transaction_id_pk" PRIMARY KEY("app_id","transaction_id"),
	CONSTRAINT "game_voucher_spends_amount_check" CHECK ("game_voucher_spends"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "game_voucher_spends" ADD CONSTRAINT "game_voucher_spends_app_id_games_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."games"("app_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_voucher_spends" ADD CONSTRAINT "game_voucher_spends_game_account_id_game_accounts_id_fk" FOREIGN KEY ("game_account_id") REFERENCES "public"."game_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_voucher_spends" ADD CONSTRAINT "game_voucher_spends_spend_entry_id_voucher_ledger_id_fk" FOREIGN KEY ("spend_entry_id") REFERENCES "public"."voucher_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_voucher_spends" ADD CONSTRAINT "game_voucher_spends_reversal_entry_id_voucher_ledger_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."voucher_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_voucher_spends_account_idx" ON "game_voucher_spends" USING btree ("game_account_id");