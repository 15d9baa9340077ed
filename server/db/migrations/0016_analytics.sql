CREATE TABLE "analytics_daily_activity" (
	"activity" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_daily_activity_activity_day_pk" PRIMARY KEY("activity","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_counts" (
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"region" text NOT NULL,
	"key" text NOT NULL,
	"views" integer NOT NULL,
	"logged_in_views" integer NOT NULL,
	CONSTRAINT "analytics_daily_counts_dimension_day_region_key_pk" PRIMARY KEY("dimension","day","region","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "tracking_events_received_at_idx";--> statement-breakpoint
CREATE INDEX "members_registered_idx" ON "members" USING btree ("registered_at");--> statement-breakpoint
CREATE INDEX "chat_messages_created_idx" ON "chat_messages" USING brin ("created_at") WITH (autosummarize=true);--> statement-breakpoint
CREATE INDEX "tracking_events_received_at_idx" ON "tracking_events" USING brin ("received_at") WITH (autosummarize=true);