CREATE TABLE "stock_corporate_events" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"at" timestamp with time zone,
	"period_end" date,
	"confirmed" boolean DEFAULT true NOT NULL,
	"pay_date" date,
	"amount" double precision,
	"currency" text,
	CONSTRAINT "stock_corporate_events_company_id_kind_date_pk" PRIMARY KEY("company_id","kind","date"),
	CONSTRAINT "stock_corporate_events_kind" CHECK ("stock_corporate_events"."kind" in ('earnings', 'dividend'))
);
--> statement-breakpoint
ALTER TABLE "stock_corporate_events" ADD CONSTRAINT "stock_corporate_events_company_id_stock_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."stock_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_corporate_events_date_idx" ON "stock_corporate_events" USING btree ("date");