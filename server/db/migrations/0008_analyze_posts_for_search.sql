-- Statistics for the expression indexes of 0007 (lower(title), lower(excerpt)),
-- so the planner knows how common a word is in titles and excerpts and walks
-- posts_published_idx when a search term is everywhere. PostgreSQL's
-- autovacuum would gather them later; the embedded PGlite has no autovacuum.
ANALYZE posts;
