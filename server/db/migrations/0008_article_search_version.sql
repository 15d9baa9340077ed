-- Rows stored before this column read as version 0: at the next start the seed rebuilds their vectors from the
-- stored text with the current term rules (articles.seed.ts, reindexStaleSearchText); nothing is deleted.
ALTER TABLE "article_translations" ADD COLUMN "search_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "article_translations_search_version_idx" ON "article_translations" USING btree ("search_version");