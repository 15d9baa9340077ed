CREATE TABLE "alert_held_changes" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"enabled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_held_changes" ADD CONSTRAINT "alert_held_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;