-- A new or deleted comment changes posts.comment_count. That used to send the
-- 'posts' scope, which clears every post cache and the whole page cache on
-- every instance: on a site with steady comments the page cache was emptied
-- every few seconds. comment_count now sends its own scope, 'comments', which
-- clears only the caches members read the count from (a single post and its
-- page data); lists keep their 3-minute lifetime and visitors' cached pages
-- their 60 seconds, the same minute a CDN may keep them (decision 0017).
DROP TRIGGER posts_cache_invalidation_update ON posts;--> statement-breakpoint
CREATE TRIGGER posts_cache_invalidation_update
AFTER UPDATE OF title, slug, content, excerpt, post_type, external_url, featured_image_url,
  featured_video_url, featured_audio_url, audio_type, category_id, author_id, status, is_featured,
  published_at, reading_time_minutes, sidebar_widgets, sidebar_widget_2,
  sidebar_enabled, og_title, og_description, og_image
ON posts
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('posts');--> statement-breakpoint
CREATE TRIGGER posts_comment_count_cache_invalidation
AFTER UPDATE OF comment_count ON posts
FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('comments');
