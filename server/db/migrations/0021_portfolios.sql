CREATE TABLE "portfolio_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"market" text NOT NULL,
	"code" text NOT NULL,
	"trade_date" date NOT NULL,
	"quantity" double precision DEFAULT 0 NOT NULL,
	"price" double precision DEFAULT 0 NOT NULL,
	"fee" double precision DEFAULT 0 NOT NULL,
	"amount" double precision DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sequence" bigserial NOT NULL,
	CONSTRAINT "portfolio_transactions_kind" CHECK ("portfolio_transactions"."kind" in ('buy', 'sell', 'dividend', 'split'))
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"base_currency" text DEFAULT 'USD' NOT NULL,
	"revision" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD CONSTRAINT "portfolio_transactions_member_id_portfolios_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."portfolios"("member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_transactions_member_date_idx" ON "portfolio_transactions" USING btree ("member_id","trade_date");