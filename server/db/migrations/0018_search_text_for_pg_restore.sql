-- hand-written below: keep when regenerating
-- pg_restore runs with an empty search_path, so posts.search_text's function
-- must name the function it calls with its schema, or restoring a pg_dump of
-- this database fails (npm run restore, docs/decisions/0135).
CREATE OR REPLACE FUNCTION post_search_text(title text, excerpt text, content text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(btrim(regexp_replace(
    coalesce(title, '') || ' ' || coalesce(excerpt, '') || ' ' || coalesce(public.html_to_search_text(content), ''),
    '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g')))
$$;
