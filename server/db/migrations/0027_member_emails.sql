CREATE TABLE "email_verification_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid,
	"address_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_emails" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verification_id" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"locale" text NOT NULL,
	"region" text NOT NULL,
	CONSTRAINT "member_emails_verificationId_unique" UNIQUE("verification_id")
);
--> statement-breakpoint
ALTER TABLE "email_verification_sends" ADD CONSTRAINT "email_verification_sends_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_emails" ADD CONSTRAINT "member_emails_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_sends_member_idx" ON "email_verification_sends" USING btree ("member_id","sent_at");--> statement-breakpoint
CREATE INDEX "email_verification_sends_address_idx" ON "email_verification_sends" USING btree ("address_hash","sent_at");--> statement-breakpoint
CREATE INDEX "member_emails_address_idx" ON "member_emails" USING btree ("address");