CREATE TABLE "mail_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "notification_preferences_channel" CHECK ("notification_preferences"."channel" IN ('app', 'email', 'digest', 'off'))
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "digest_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "digest_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "digest_time" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD CONSTRAINT "mail_deliveries_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_deliveries_sent_at_idx" ON "mail_deliveries" USING btree ("sent_at");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_digest_day" CHECK ("site_settings"."digest_day" BETWEEN 0 AND 6);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_digest_time" CHECK ("site_settings"."digest_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');