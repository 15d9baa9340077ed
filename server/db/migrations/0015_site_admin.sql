CREATE TABLE "contact_channels" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"whatsapp" text NOT NULL,
	"line" text NOT NULL,
	"kakaotalk" text NOT NULL,
	"telegram" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_channels_single_row" CHECK ("contact_channels"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "menu_groups" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "menu_groups" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "redirects" ADD COLUMN "removed_at" timestamp with time zone;