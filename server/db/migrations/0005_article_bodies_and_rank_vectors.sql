-- The new vectors are built by the application, not by SQL: article rows stored before them are removed here and
-- the seed stores them again, complete, at the next start (it inserts every seed article missing by key).
DELETE FROM "articles";--> statement-breakpoint
CREATE TABLE "article_bodies" (
	"article_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"markdown" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"plain_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "article_bodies_article_id_locale_pk" PRIMARY KEY("article_id","locale")
);
--> statement-breakpoint
ALTER TABLE "article_translations" ADD COLUMN "title_vector" "tsvector" NOT NULL;--> statement-breakpoint
ALTER TABLE "article_translations" ADD COLUMN "rank_vector" "tsvector" NOT NULL;--> statement-breakpoint
ALTER TABLE "article_bodies" ADD CONSTRAINT "article_bodies_article_id_locale_article_translations_article_id_locale_fk" FOREIGN KEY ("article_id","locale") REFERENCES "public"."article_translations"("article_id","locale") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_translations_title_en_idx" ON "article_translations" USING gin ("title_vector") WHERE "article_translations"."locale" = 'en';--> statement-breakpoint
CREATE INDEX "article_translations_title_zh_hant_idx" ON "article_translations" USING gin ("title_vector") WHERE "article_translations"."locale" = 'zh-Hant';