CREATE INDEX "article_translations_rank_en_idx" ON "article_translations" USING gin ("rank_vector") WHERE "article_translations"."locale" = 'en';--> statement-breakpoint
CREATE INDEX "article_translations_rank_zh_hant_idx" ON "article_translations" USING gin ("rank_vector") WHERE "article_translations"."locale" = 'zh-Hant';--> statement-breakpoint
ALTER TABLE "article_translations" DROP COLUMN "body_markdown";--> statement-breakpoint
ALTER TABLE "article_translations" DROP COLUMN "body_html";--> statement-breakpoint
ALTER TABLE "article_translations" DROP COLUMN "body_text";