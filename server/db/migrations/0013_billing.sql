CREATE TABLE "billing_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid,
	"tier" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_checkout_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"return_path" text NOT NULL,
	"subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "billing_checkouts_providerCheckoutId_unique" UNIQUE("provider_checkout_id")
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid,
	"subscription_id" uuid,
	"checkout_id" uuid,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"provider_charge_ref" text,
	"tier" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"receipt_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_prices" (
	"tier" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"stripe_price_id" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_prices_tier_period_currency_pk" PRIMARY KEY("tier","period","currency")
);
--> statement-breakpoint
CREATE TABLE "billing_provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"subscription_id" uuid,
	"member_id" uuid,
	"actor" text NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reference" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renews" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_minor" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_tier" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "refund_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_checkout_id_billing_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."billing_checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_checkouts_member_idx" ON "billing_checkouts" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_provider_payment_idx" ON "billing_payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "billing_payments_member_idx" ON "billing_payments" USING btree ("member_id","paid_at");--> statement-breakpoint
CREATE INDEX "billing_payments_subscription_idx" ON "billing_payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "billing_payments_charge_idx" ON "billing_payments" USING btree ("provider_charge_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_prices_stripe_price_idx" ON "billing_prices" USING btree ("stripe_price_id");--> statement-breakpoint
CREATE INDEX "billing_provider_events_processed_idx" ON "billing_provider_events" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX "subscription_changes_subscription_idx" ON "subscription_changes" USING btree ("subscription_id","at");--> statement-breakpoint
CREATE INDEX "subscription_changes_member_idx" ON "subscription_changes" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("status","renews","ends_at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_providerSubscriptionId_unique" UNIQUE("provider_subscription_id");--> statement-breakpoint
UPDATE "subscriptions" SET "period_starts_at" = "starts_at" WHERE "period_starts_at" IS NULL;--> statement-breakpoint
-- Default prices, so a fresh site can sell plans: an operator sets the real ones (npm run ops -- prices:set), which
-- clears is_default. A quarter is three months less 10%, a year ten months (two free).
INSERT INTO "billing_prices" ("tier", "period", "currency", "amount_minor", "is_default") VALUES
	('base', 'month', 'USD', 1999, true),
	('base', 'quarter', 'USD', 5299, true),
	('base', 'year', 'USD', 19990, true),
	('plus', 'month', 'USD', 3999, true),
	('plus', 'quarter', 'USD', 10699, true),
	('plus', 'year', 'USD', 39990, true),
	('premium', 'month', 'USD', 7999, true),
	('premium', 'quarter', 'USD', 21499, true),
	('premium', 'year', 'USD', 79990, true),
	('base', 'month', 'HKD', 15800, true),
	('base', 'quarter', 'HKD', 42600, true),
	('base', 'year', 'HKD', 158000, true),
	('plus', 'month', 'HKD', 31800, true),
	('plus', 'quarter', 'HKD', 85800, true),
	('plus', 'year', 'HKD', 318000, true),
	('premium', 'month', 'HKD', 62800, true),
	('premium', 'quarter', 'HKD', 169500, true),
	('premium', 'year', 'HKD', 628000, true),
	('base', 'month', 'TWD', 64000, true),
	('base', 'quarter', 'TWD', 172800, true),
	('base', 'year', 'TWD', 640000, true),
	('plus', 'month', 'TWD', 128000, true),
	('plus', 'quarter', 'TWD', 345600, true),
	('plus', 'year', 'TWD', 1280000, true),
	('premium', 'month', 'TWD', 256000, true),
	('premium', 'quarter', 'TWD', 691200, true),
	('premium', 'year', 'TWD', 2560000, true),
	('base', 'month', 'JPY', 2980, true),
	('base', 'quarter', 'JPY', 8040, true),
	('base', 'year', 'JPY', 29800, true),
	('plus', 'month', 'JPY', 5980, true),
	('plus', 'quarter', 'JPY', 16140, true),
	('plus', 'year', 'JPY', 59800, true),
	('premium', 'month', 'JPY', 11980, true),
	('premium', 'quarter', 'JPY', 32340, true),
	('premium', 'year', 'JPY', 119800, true),
	('base', 'month', 'KRW', 26000, true),
	('base', 'quarter', 'KRW', 70200, true),
	('base', 'year', 'KRW', 260000, true),
	('plus', 'month', 'KRW', 52000, true),
	('plus', 'quarter', 'KRW', 140400, true),
	('plus', 'year', 'KRW', 520000, true),
	('premium', 'month', 'KRW', 104000, true),
	('premium', 'quarter', 'KRW', 280800, true),
	('premium', 'year', 'KRW', 1040000, true)
ON CONFLICT DO NOTHING;
