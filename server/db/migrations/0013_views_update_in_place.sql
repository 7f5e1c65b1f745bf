-- Every counted view updates posts.view_count. While an index held view_count,
-- each such update wrote a new row version and new entries into every index of
-- posts, the trigram and full-text indexes of the whole body included (5.7 ms a
-- view, and the text indexes grew by megabytes over a few hundred views of one
-- long post). With no index on it, and room left on each page, PostgreSQL
-- updates the row in place (HOT) and touches no index. Most viewed reads the
-- last 30 days' posts through posts_published_idx and sorts those few.
DROP INDEX "posts_view_count_idx";--> statement-breakpoint
ALTER TABLE "posts" SET (fillfactor = 90);
