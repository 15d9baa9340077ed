CREATE TABLE "chat_file_removals" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_file_removals_deleted_at_idx" ON "chat_file_removals" USING btree ("deleted_at");