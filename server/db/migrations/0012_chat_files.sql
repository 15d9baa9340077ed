CREATE TABLE "chat_file_chunks" (
	"file_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"place" jsonb NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_file_tables" (
	"file_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"place" jsonb NOT NULL,
	"rows" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"sections" integer DEFAULT 0 NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"question_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_file_chunks" ADD CONSTRAINT "chat_file_chunks_file_id_chat_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."chat_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_file_tables" ADD CONSTRAINT "chat_file_tables_file_id_chat_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."chat_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_question_id_chat_messages_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_file_chunks_conversation_idx" ON "chat_file_chunks" USING btree ("conversation_id","file_id","seq");--> statement-breakpoint
CREATE INDEX "chat_file_tables_conversation_idx" ON "chat_file_tables" USING btree ("conversation_id","file_id","seq");--> statement-breakpoint
CREATE INDEX "chat_files_conversation_created_idx" ON "chat_files" USING btree ("conversation_id","created_at");