-- Search finds what the reader sees (spec 1 §5, §7): search_text is the title,
-- the excerpt and the body's text as app/features/posts/sanitize.server.ts
-- htmlToText gives it (block ends and <br> as spaces, other tags dropped,
-- comments and non-text elements removed, character references decoded,
-- white space collapsed), in lower case. Before, tags became spaces and
-- references stayed, so "R&D" (stored "R&amp;D") and "Sa<b>aS</b>" were missed.
CREATE OR REPLACE FUNCTION html_to_search_text(html text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := html;
  ref text;
  code bigint;
  named CONSTANT text[][] := ARRAY[
    ['&nbsp;', ' '], ['&lt;', '<'], ['&gt;', '>'], ['&quot;', '"'], ['&apos;', ''''],
    ['&mdash;', '—'], ['&ndash;', '–'], ['&hellip;', '…'], ['&lsquo;', '‘'], ['&rsquo;', '’'],
    ['&ldquo;', '“'], ['&rdquo;', '”'], ['&laquo;', '«'], ['&raquo;', '»'], ['&bull;', '•'],
    ['&middot;', '·'], ['&copy;', '©'], ['&reg;', '®'], ['&trade;', '™'], ['&pound;', '£'],
    ['&euro;', '€'], ['&times;', '×'], ['&deg;', '°'], ['&shy;', ''], ['&zwj;', ''],
    ['&zwnj;', ''], ['&eacute;', 'é'], ['&egrave;', 'è'], ['&agrave;', 'à'], ['&uuml;', 'ü'],
    ['&ouml;', 'ö'], ['&auml;', 'ä'], ['&ccedil;', 'ç'], ['&ntilde;', 'ñ']
  ];
BEGIN
  t := regexp_replace(t, '<!--.*?-->', '', 'g');
  t := regexp_replace(t, '<(script|style|textarea|noscript|title)([\s/][^>]*?)?>.*?</\1\s*>', ' ', 'gi');
  t := regexp_replace(t, '</(p|h[1-6]|li|div|td|th|blockquote|pre|figcaption|tr|dd|dt)\s*>|<br\s*/?>', ' ', 'gi');
  t := regexp_replace(t, '<[^>]*>', '', 'g');
  IF strpos(t, '&') > 0 THEN
    FOR i IN 1 .. array_length(named, 1) LOOP
      t := replace(t, named[i][1], named[i][2]);
    END LOOP;
    FOR ref IN SELECT DISTINCT m[1] FROM regexp_matches(t, '&#([0-9]{1,7}|[xX][0-9a-fA-F]{1,6});', 'g') AS m LOOP
      IF lower(left(ref, 1)) = 'x' THEN
        code := ('x' || lpad(substr(ref, 2), 8, '0'))::bit(32)::bigint;
      ELSE
        code := ref::bigint;
      END IF;
      IF code BETWEEN 1 AND 1114111 AND code NOT BETWEEN 55296 AND 57343 THEN
        t := replace(t, '&#' || ref || ';', chr(code::int));
      END IF;
    END LOOP;
    -- Last, so that "&amp;lt;" stays the text "&lt;".
    t := replace(t, '&amp;', '&');
  END IF;
  RETURN t;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_search_text(title text, excerpt text, content text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(btrim(regexp_replace(
    coalesce(title, '') || ' ' || coalesce(excerpt, '') || ' ' || coalesce(html_to_search_text(content), ''),
    '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g')))
$$;
--> statement-breakpoint
DROP INDEX "posts_published_idx";--> statement-breakpoint
ALTER TABLE "posts" drop column "search_text";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (post_search_text(title, excerpt, content)) STORED;--> statement-breakpoint
-- Dropped with the column; the same index again.
CREATE INDEX "posts_search_text_trgm_idx" ON "posts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_excerpt_trgm_idx" ON "posts" USING gin (lower(coalesce("excerpt", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_published_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published';
