ALTER TABLE "site_settings" ADD COLUMN "footer_contact_email" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "social_linkedin_url" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "social_x_url" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "social_instagram_url" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "social_youtube_url" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "social_facebook_url" text;