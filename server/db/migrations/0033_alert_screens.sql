CREATE TABLE "alert_screens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"screen_id" uuid NOT NULL,
	"members" jsonb,
	"changes" integer DEFAULT 0 NOT NULL,
	"last_fired_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_screens" ADD CONSTRAINT "alert_screens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_screens" ADD CONSTRAINT "alert_screens_screen_id_stock_saved_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."stock_saved_screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_screens_screen_idx" ON "alert_screens" USING btree ("screen_id");--> statement-breakpoint
CREATE INDEX "alert_screens_member_idx" ON "alert_screens" USING btree ("member_id","created_at");