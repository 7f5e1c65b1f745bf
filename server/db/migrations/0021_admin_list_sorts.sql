CREATE INDEX "posts_created_id_idx" ON "posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "posts_title_sort_idx" ON "posts" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "posts_status_id_idx" ON "posts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "posts_type_id_idx" ON "posts" USING btree ("post_type","id");--> statement-breakpoint
CREATE INDEX "posts_published_asc_idx" ON "posts" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "posts_published_desc_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_role_id_idx" ON "profiles" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "profiles_status_id_idx" ON "profiles" USING btree ("status","id");