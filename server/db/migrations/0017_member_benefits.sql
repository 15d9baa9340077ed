CREATE TABLE "adviser_assignments" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"adviser_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"assigned_by_member_id" uuid,
	"assigned_by_phone" text
);
--> statement-breakpoint
CREATE TABLE "advisers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"bio" jsonb NOT NULL,
	"channels" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_courses_slug_unique" UNIQUE("slug"),
	CONSTRAINT "classroom_courses_kind" CHECK ("classroom_courses"."kind" in ('deepDive', 'options', 'live', 'mentorship'))
);
--> statement-breakpoint
CREATE TABLE "classroom_lesson_notes" (
	"lesson_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"notes" text NOT NULL,
	CONSTRAINT "classroom_lesson_notes_lesson_id_locale_pk" PRIMARY KEY("lesson_id","locale")
);
--> statement-breakpoint
CREATE TABLE "classroom_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"access" text NOT NULL,
	"video_url" text,
	"duration_minutes" integer,
	"live_starts_at" timestamp with time zone,
	"live_join_url" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_lessons_slug" UNIQUE("course_id","slug"),
	CONSTRAINT "classroom_lessons_access" CHECK ("classroom_lessons"."access" in ('partial', 'full'))
);
--> statement-breakpoint
CREATE TABLE "classroom_progress" (
	"member_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	CONSTRAINT "classroom_progress_member_id_lesson_id_pk" PRIMARY KEY("member_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "expert_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"member_phone" text NOT NULL,
	"market" text NOT NULL,
	"code" text NOT NULL,
	"question" text NOT NULL,
	"locale" text NOT NULL,
	"file_id" uuid,
	"file_name" text,
	"state" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"claimed_by_member_id" uuid,
	"claimed_by_phone" text,
	"claimed_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by_member_id" uuid,
	"answered_by_phone" text,
	"answer_seen_at" timestamp with time zone,
	CONSTRAINT "expert_questions_state" CHECK ("expert_questions"."state" in ('waiting', 'answered', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "portfolio_rebalances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"strategy_id" uuid NOT NULL,
	"effective_on" date NOT NULL,
	"note" jsonb NOT NULL,
	"holdings" jsonb NOT NULL,
	"created_by_member_id" uuid,
	"created_by_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_rebalances_day" UNIQUE("strategy_id","effective_on")
);
--> statement-breakpoint
CREATE TABLE "portfolio_strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"market" text NOT NULL,
	"visibility" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_strategies_slug_unique" UNIQUE("slug"),
	CONSTRAINT "portfolio_strategies_visibility" CHECK ("portfolio_strategies"."visibility" in ('curated', 'public', 'exclusive'))
);
--> statement-breakpoint
CREATE TABLE "portfolio_strategy_texts" (
	"strategy_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"rationale" text NOT NULL,
	CONSTRAINT "portfolio_strategy_texts_strategy_id_locale_pk" PRIMARY KEY("strategy_id","locale")
);
--> statement-breakpoint
ALTER TABLE "adviser_assignments" ADD CONSTRAINT "adviser_assignments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adviser_assignments" ADD CONSTRAINT "adviser_assignments_adviser_id_advisers_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."advisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_lesson_notes" ADD CONSTRAINT "classroom_lesson_notes_lesson_id_classroom_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."classroom_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_lessons" ADD CONSTRAINT "classroom_lessons_course_id_classroom_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."classroom_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_progress" ADD CONSTRAINT "classroom_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_progress" ADD CONSTRAINT "classroom_progress_lesson_id_classroom_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."classroom_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_questions" ADD CONSTRAINT "expert_questions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_questions" ADD CONSTRAINT "expert_questions_file_id_chat_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."chat_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_rebalances" ADD CONSTRAINT "portfolio_rebalances_strategy_id_portfolio_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."portfolio_strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_strategy_texts" ADD CONSTRAINT "portfolio_strategy_texts_strategy_id_portfolio_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."portfolio_strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classroom_courses_position_idx" ON "classroom_courses" USING btree ("position");--> statement-breakpoint
CREATE INDEX "classroom_lessons_course_idx" ON "classroom_lessons" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "classroom_lessons_live_idx" ON "classroom_lessons" USING btree ("live_starts_at");--> statement-breakpoint
CREATE INDEX "expert_questions_member_idx" ON "expert_questions" USING btree ("member_id","asked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "expert_questions_queue_idx" ON "expert_questions" USING btree ("state","asked_at");--> statement-breakpoint
CREATE INDEX "portfolio_rebalances_strategy_idx" ON "portfolio_rebalances" USING btree ("strategy_id","effective_on");--> statement-breakpoint
CREATE INDEX "portfolio_strategies_position_idx" ON "portfolio_strategies" USING btree ("position");