CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_username" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Redirects are answered from an in-process cache on every instance; a
-- change to the table tells them all to reload it (cache scope "redirects").
CREATE TRIGGER url_redirects_cache_invalidation
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON url_redirects
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('redirects');
--> statement-breakpoint
-- Banned words are cached for the bio and comment checks (scope "banned_words").
CREATE TRIGGER banned_words_cache_invalidation
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banned_words
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('banned_words');
