-- Rules the database keeps itself, so no code path can break them.

-- Counters are kept in the same transaction as the rows they count.

-- posts.comment_count: live (not deleted) comments of the post.
CREATE FUNCTION posts_comment_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT NEW.is_deleted THEN
      UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT OLD.is_deleted THEN
      UPDATE posts SET comment_count = greatest(comment_count - 1, 0) WHERE id = OLD.post_id;
    END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD.is_deleted IS DISTINCT FROM NEW.is_deleted THEN
    UPDATE posts
      SET comment_count = greatest(comment_count + CASE WHEN NEW.is_deleted THEN -1 ELSE 1 END, 0)
      WHERE id = NEW.post_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comments_count_on_posts
  AFTER INSERT OR DELETE OR UPDATE OF is_deleted ON comments
  FOR EACH ROW EXECUTE FUNCTION posts_comment_count_sync();
--> statement-breakpoint

-- comments.like_count
CREATE FUNCTION comments_like_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE comments SET like_count = like_count + 1 WHERE id = NEW.comment_id;
  ELSE
    UPDATE comments SET like_count = greatest(like_count - 1, 0) WHERE id = OLD.comment_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comment_likes_count
  AFTER INSERT OR DELETE ON comment_likes
  FOR EACH ROW EXECUTE FUNCTION comments_like_count_sync();
--> statement-breakpoint

-- tags.usage_count
CREATE FUNCTION tags_usage_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE tags SET usage_count = usage_count + 1 WHERE id = NEW.tag_id;
  ELSE
    UPDATE tags SET usage_count = greatest(usage_count - 1, 0) WHERE id = OLD.tag_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER post_tags_usage_count
  AFTER INSERT OR DELETE ON post_tags
  FOR EACH ROW EXECUTE FUNCTION tags_usage_count_sync();
--> statement-breakpoint

-- One reply level: a reply's parent is a top-level comment of the same post.
CREATE FUNCTION comments_reply_level_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE parent comments%ROWTYPE;
BEGIN
  IF NEW.parent_id IS NOT NULL THEN
    SELECT * INTO parent FROM comments WHERE id = NEW.parent_id;
    IF parent.parent_id IS NOT NULL OR parent.post_id <> NEW.post_id THEN
      RAISE EXCEPTION 'a reply must answer a top-level comment of the same post'
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER comments_reply_level
  BEFORE INSERT OR UPDATE OF parent_id ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_reply_level_check();
--> statement-breakpoint

-- The reserved category: always there, never deleted or renamed. Posts of a
-- deleted category fall back to it through posts.category_id ON DELETE SET DEFAULT.
INSERT INTO categories (id, name, slug, description, schema_type)
  VALUES ('00000000-0000-4000-8000-000000000001', 'Uncategorized', 'uncategorized',
          'Posts that are not yet filed under a topic.', 'Article')
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION categories_protect_reserved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.id = '00000000-0000-4000-8000-000000000001' THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'the uncategorized category cannot be deleted' USING ERRCODE = 'restrict_violation';
    ELSIF NEW.slug <> 'uncategorized' OR NEW.id <> OLD.id THEN
      RAISE EXCEPTION 'the uncategorized category cannot be renamed' USING ERRCODE = 'restrict_violation';
    END IF;
  END IF;
  RETURN COALESCE(NEW, OLD);
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_reserved
  BEFORE DELETE OR UPDATE ON categories
  FOR EACH ROW EXECUTE FUNCTION categories_protect_reserved();
--> statement-breakpoint

-- The single site_settings row, with the spec's defaults.
INSERT INTO site_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
