ALTER TABLE "posts" ADD COLUMN "audio_bytes" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "audio_mime_type" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "audio_duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "podcast_image_url" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "podcast_category" text DEFAULT 'Business' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "podcast_owner_name" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "podcast_owner_email" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "podcast_explicit" boolean DEFAULT false NOT NULL;