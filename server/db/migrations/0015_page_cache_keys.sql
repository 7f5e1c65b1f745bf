-- Targeted invalidation of the visitors' page cache (decision 0104). A post
-- write used to send NOTIFY cache_invalidate 'posts', which empties every
-- cached page on every instance. Post, post-tag and profile writes now name
-- what they change after a "|": 'posts|list:all post:ID category:ID author:ID
-- tag:ID featured …'; a profile's 'posts|list:all author:ID by:USERNAME'. The page cache drops only the pages that declared one of those
-- keys (server/http/page-cache.ts); the other caches of the scope clear as
-- before. Settings, categories and tags still drop everything (navigation and
-- names shown on every page). Row triggers: the keys are the row's.
CREATE OR REPLACE FUNCTION post_page_keys(p posts) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT 'post:' || p.id
    || CASE WHEN p.status = 'published'
         THEN ' category:' || coalesce(p.category_id::text, '-') || ' author:' || coalesce(p.author_id, '-')
           || coalesce((SELECT string_agg(' tag:' || t.tag_id, '') FROM post_tags t WHERE t.post_id = p.id), '')
         ELSE '' END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_post_page_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  keys text := '';
  listed boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    keys := keys || ' ' || post_page_keys(OLD);
    listed := listed OR OLD.status = 'published';
  END IF;
  IF TG_OP <> 'DELETE' THEN
    keys := keys || ' ' || post_page_keys(NEW);
    listed := listed OR NEW.status = 'published';
  END IF;
  -- A draft that stays a draft is in no list.
  IF listed THEN keys := 'list:all' || keys; END IF;
  -- The featured posts are in the sidebars of home and the category pages.
  IF (TG_OP <> 'INSERT' AND OLD.is_featured) OR (TG_OP <> 'DELETE' AND NEW.is_featured) THEN
    keys := keys || ' featured';
  END IF;
  PERFORM pg_notify('cache_invalidate', 'posts|' || (
    SELECT string_agg(DISTINCT k, ' ') FROM unnest(string_to_array(trim(keys), ' ')) AS k
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_post_tag_page_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  keys text := 'list:all';
BEGIN
  IF TG_OP <> 'INSERT' THEN keys := keys || ' post:' || OLD.post_id || ' tag:' || OLD.tag_id; END IF;
  IF TG_OP <> 'DELETE' THEN keys := keys || ' post:' || NEW.post_id || ' tag:' || NEW.tag_id; END IF;
  PERFORM pg_notify('cache_invalidate', 'posts|' || keys);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_profile_page_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidate', 'posts|list:all author:' || OLD.id || ' by:' || OLD.username);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_cache_invalidation ON posts;--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_cache_invalidation_update ON posts;--> statement-breakpoint
CREATE TRIGGER posts_page_keys
AFTER INSERT OR DELETE ON posts
FOR EACH ROW EXECUTE FUNCTION notify_post_page_keys();--> statement-breakpoint
CREATE TRIGGER posts_page_keys_update
AFTER UPDATE OF title, slug, content, excerpt, post_type, external_url, featured_image_url,
  featured_video_url, featured_audio_url, audio_type, category_id, author_id, status, is_featured,
  published_at, reading_time_minutes, sidebar_widgets, sidebar_widget_2,
  sidebar_enabled, og_title, og_description, og_image
ON posts
FOR EACH ROW EXECUTE FUNCTION notify_post_page_keys();--> statement-breakpoint
CREATE TRIGGER posts_cache_invalidation_truncate
AFTER TRUNCATE ON posts
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('posts');--> statement-breakpoint
DROP TRIGGER IF EXISTS post_tags_cache_invalidation ON post_tags;--> statement-breakpoint
CREATE TRIGGER post_tags_page_keys
AFTER INSERT OR UPDATE OR DELETE ON post_tags
FOR EACH ROW EXECUTE FUNCTION notify_post_tag_page_keys();--> statement-breakpoint
CREATE TRIGGER post_tags_cache_invalidation_truncate
AFTER TRUNCATE ON post_tags
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('posts');--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_cache_invalidation ON profiles;--> statement-breakpoint
CREATE TRIGGER profiles_page_keys
AFTER UPDATE OF username, full_name, profile_photo_url, role OR DELETE ON profiles
FOR EACH ROW EXECUTE FUNCTION notify_profile_page_keys();
