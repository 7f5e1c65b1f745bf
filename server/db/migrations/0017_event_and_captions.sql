ALTER TABLE "posts" ADD COLUMN "event_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "event_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "event_time_zone" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "event_venue" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "event_online_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "event_booking_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "captions_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "captions_lang" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "captions_label" text;--> statement-breakpoint
CREATE INDEX "posts_event_ends_idx" ON "posts" USING btree ("category_id","event_ends_at") WHERE "posts"."status" = 'published' AND "posts"."event_starts_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_event_starts_idx" ON "posts" USING btree ("category_id",coalesce("event_starts_at", "published_at") DESC,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'published';--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_event_ends_after_start" CHECK ("posts"."event_ends_at" > "posts"."event_starts_at");