CREATE TABLE "alert_held_changes" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"enabled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_held_changes" ADD CONSTRAINT "alert_held_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_delivered_idx" ON "alert_events" USING btree ("delivered_at") WHERE "alert_events"."delivered_at" is not null;--> statement-breakpoint
CREATE INDEX "mail_queue_created_idx" ON "mail_queue" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");