CREATE TABLE "stock_saved_screens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_screen_rows" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"sector" text NOT NULL,
	"code" text NOT NULL,
	"as_of" date NOT NULL,
	"is_demo" boolean NOT NULL,
	"price" double precision,
	"change_percent" double precision,
	"total_score" double precision,
	"score_fundamentals" double precision,
	"score_management" double precision,
	"score_trend" double precision,
	"score_market_size" double precision,
	"score_gross_margin" double precision,
	"score_profitability" double precision,
	"score_growth_potential" double precision,
	"score_competitive_advantage" double precision,
	"score_valuation" double precision,
	"score_financial_health" double precision,
	"technicals" text,
	"capital_flow" text,
	"fair_value" double precision,
	"downside_margin" double precision,
	"pe" double precision,
	"pb" double precision,
	"dividend_yield" double precision,
	"market_cap" double precision,
	"market_cap_usd" double precision,
	"week52_high" double precision,
	"week52_low" double precision,
	"week52_position" double precision,
	"return1m" double precision,
	"return3m" double precision,
	"return6m" double precision,
	"return1y" double precision
);
--> statement-breakpoint
ALTER TABLE "stock_saved_screens" ADD CONSTRAINT "stock_saved_screens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_screen_rows" ADD CONSTRAINT "stock_screen_rows_company_id_stock_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."stock_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_saved_screens_member_idx" ON "stock_saved_screens" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_screen_rows_market_total_idx" ON "stock_screen_rows" USING btree ("market","total_score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_screen_rows_sector_idx" ON "stock_screen_rows" USING btree ("sector","market");--> statement-breakpoint
CREATE INDEX "stock_screen_rows_cap_idx" ON "stock_screen_rows" USING btree ("market_cap_usd" DESC NULLS LAST);