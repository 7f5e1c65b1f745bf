-- Cache invalidation (docs: server/cache/cache.ts). Every change to what the
-- reader pages cache sends NOTIFY cache_invalidate '<scope>' at commit, to
-- every server instance listening. View counts are left out on purpose: they
-- change on every read and the pages may show them a few minutes late.
CREATE OR REPLACE FUNCTION notify_cache_invalidation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidate', TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_cache_invalidation
AFTER INSERT OR DELETE OR TRUNCATE ON posts
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('posts');
--> statement-breakpoint
CREATE TRIGGER posts_cache_invalidation_update
AFTER UPDATE OF title, slug, content, excerpt, post_type, external_url, featured_image_url,
  featured_video_url, featured_audio_url, audio_type, category_id, author_id, status, is_featured,
  published_at, comment_count, reading_time_minutes, sidebar_widgets, sidebar_widget_2,
  sidebar_enabled, og_title, og_description, og_image
ON posts
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('posts');
--> statement-breakpoint
CREATE TRIGGER post_tags_cache_invalidation
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_tags
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('posts');
--> statement-breakpoint
CREATE TRIGGER tags_cache_invalidation
AFTER UPDATE OF name, slug OR DELETE ON tags
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('posts');
--> statement-breakpoint
CREATE TRIGGER profiles_cache_invalidation
AFTER UPDATE OF username, full_name, profile_photo_url, role OR DELETE ON profiles
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('posts');
--> statement-breakpoint
CREATE TRIGGER categories_cache_invalidation
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('categories');
--> statement-breakpoint
CREATE TRIGGER site_settings_cache_invalidation
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('settings');
