CREATE TABLE "content_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "content_api_keys_name_length" CHECK (char_length("content_api_keys"."name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "content_api_keys" ADD CONSTRAINT "content_api_keys_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_api_keys_hash_key" ON "content_api_keys" USING btree ("key_hash");