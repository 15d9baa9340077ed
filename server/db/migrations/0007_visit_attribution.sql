ALTER TABLE "members" ADD COLUMN "signup_referer" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "signup_landing" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "visit_referer" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "visit_landing" text;