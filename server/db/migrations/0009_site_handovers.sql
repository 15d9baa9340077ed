CREATE TABLE "site_handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"state_hash" text NOT NULL,
	"target_origin" text NOT NULL,
	"session_id" uuid,
	"member_id" uuid,
	"has_consent" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_handovers_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "site_handovers" ADD CONSTRAINT "site_handovers_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_handovers" ADD CONSTRAINT "site_handovers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_handovers_expires_idx" ON "site_handovers" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "site_handovers_session_idx" ON "site_handovers" USING btree ("session_id");