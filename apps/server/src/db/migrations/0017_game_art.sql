ALTER TABLE "games" ADD COLUMN "banner" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "icon" text;