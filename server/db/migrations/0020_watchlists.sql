CREATE TABLE "watchlist_stocks" (
	"list_id" uuid NOT NULL,
	"market" text NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watchlist_stocks_list_id_market_code_pk" PRIMARY KEY("list_id","market","code")
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watchlist_stocks" ADD CONSTRAINT "watchlist_stocks_list_id_watchlists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlists_member_position_idx" ON "watchlists" USING btree ("member_id","position");