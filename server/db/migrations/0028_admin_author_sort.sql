-- posts.author_username: the author's username, for the admin's Posts tab sorted by
-- author (issue 19). Sorting by the joined profiles.username meant joining and sorting
-- every post for each page (20 ms for page 100 of 10,000 at rest); with the key on the
-- row, posts_author_sort_idx gives any page in order. Kept here, in the same
-- transaction, whichever code path writes author_id: a trigger on posts fills it,
-- and a change of username (the product never changes one, but SQL can) is copied to
-- the member's posts.
-- On insert a BEFORE INSERT trigger fills the key in the row itself (one tuple). On a change
-- of author an AFTER trigger updates it: a BEFORE ROW *UPDATE* trigger on posts would make
-- PostgreSQL recompute every stored generated column on every update (search_text,
-- search_vector), so each counted view (UPDATE posts SET view_count …) would write new
-- entries into the trigram and full-text indexes instead of updating in place (0013). The
-- AFTER trigger's own update sets author_username alone, which nothing generated depends on.
CREATE OR REPLACE FUNCTION posts_author_username_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.author_username := coalesce((SELECT username FROM profiles WHERE id = NEW.author_id), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_author_username ON posts;
--> statement-breakpoint
CREATE TRIGGER posts_author_username
  BEFORE INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_author_username_fill();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_author_username_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET author_username = coalesce((SELECT username FROM profiles WHERE id = NEW.author_id), '')
    WHERE id = NEW.id
      AND author_username IS DISTINCT FROM
        coalesce((SELECT username FROM profiles WHERE id = NEW.author_id), '');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_author_username_follow ON posts;
--> statement-breakpoint
CREATE TRIGGER posts_author_username_follow
  AFTER UPDATE OF author_id ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_author_username_follow();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_username_to_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET author_username = NEW.username
    WHERE author_id = NEW.id AND author_username IS DISTINCT FROM NEW.username;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_username_posts ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_username_posts
  AFTER UPDATE OF username ON profiles
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION profiles_username_to_posts();
--> statement-breakpoint
UPDATE posts SET author_username = profiles.username
  FROM profiles
  WHERE profiles.id = posts.author_id AND posts.author_username IS DISTINCT FROM profiles.username;
--> statement-breakpoint
ANALYZE posts;
