ALTER TABLE "posts" ADD COLUMN "author_username" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_author_sort_idx" ON "posts" USING btree ("author_username","id");--> statement-breakpoint
CREATE INDEX "profiles_name_trgm_idx" ON "profiles" USING gin (lower("username" || E'\n' || coalesce("full_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_email_trgm_idx" ON "profiles" USING gin (lower("email") gin_trgm_ops);