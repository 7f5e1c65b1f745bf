-- The list indexes in plain DESC order (nulls first), the order of the queries'
-- ORDER BY published_at DESC, id DESC: an index DESC NULLS LAST cannot give
-- that order, so home, category and profile lists were sorted after a scan.
DROP INDEX "posts_published_idx";--> statement-breakpoint
DROP INDEX "posts_category_published_idx";--> statement-breakpoint
DROP INDEX "posts_featured_published_idx";--> statement-breakpoint
DROP INDEX "posts_author_idx";--> statement-breakpoint
CREATE INDEX "posts_published_idx" ON "posts" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_category_published_idx" ON "posts" USING btree ("category_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_featured_published_idx" ON "posts" USING btree ("published_at" DESC NULLS FIRST) WHERE "posts"."status" = 'published' AND "posts"."is_featured";--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id","published_at" DESC NULLS FIRST);