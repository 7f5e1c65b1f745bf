/**
 * The Events category's page (issue 21 §5): upcoming events first (those
 * not yet ended, soonest first), then past events (most recent first) and
 * the category's posts without an event (by publication), 20 a page as the
 * other archives (docs/decisions/0110). Upcoming events are found through
 * posts_event_ends_idx (by their end) and sorted, being few; the rest is
 * walked in the order of posts_event_starts_idx. Sequential scans are off
 * in the transaction, as for the other archives.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { CACHE_TTL, createCache } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import { posts } from "#server/db/schema";
import { ARCHIVE_PAGE_SIZE, type ArchivePaging } from "~/features/posts/archive";
import { isPubliclyVisible, queryCardsByIds } from "~/features/posts/posts.server";
import type { PostCard } from "~/features/posts/types";
import { eventLabels, isoInZone } from "./event-time.server";

/** A card's event line: "Sunday 29 March 2026 · 10:00 – 12:00 · Europe/London (GMT+1)", where. */
export type EventCardLabel = {
  when: string;
  where: string | null;
  past: boolean;
  startIso: string;
};

export type EventArchivePage = ArchivePaging & {
  posts: PostCard[];
  /** The cards' events by post id (posts without one have none). */
  events: Record<string, EventCardLabel>;
  /** How many of this page's cards are upcoming (they come first). */
  upcomingOnPage: number;
};

const inCategory = (categoryId: string) => and(isPubliclyVisible, eq(posts.categoryId, categoryId));
const isUpcoming = (now: Date) => and(isNotNull(posts.eventStartsAt), gt(posts.eventEndsAt, now));
const isNotUpcoming = (now: Date) => or(isNull(posts.eventEndsAt), lte(posts.eventEndsAt, now));

export async function queryEventsPage(
  db: Database,
  categoryId: string,
  page: number,
  now: Date = new Date(),
): Promise<EventArchivePage | null> {
  const limit = ARCHIVE_PAGE_SIZE;
  const offset = (page - 1) * limit;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
    const [{ upcoming } = { upcoming: 0 }] = await tx
      .select({ upcoming: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(inCategory(categoryId), isUpcoming(now)));
    const soon =
      offset < upcoming
        ? await tx
            .select({ id: posts.id })
            .from(posts)
            .where(and(inCategory(categoryId), isUpcoming(now)))
            .orderBy(asc(posts.eventStartsAt), asc(posts.id))
            .limit(limit + 1)
            .offset(offset)
        : [];
    const rest =
      soon.length > limit
        ? []
        : await tx
            .select({ id: posts.id })
            .from(posts)
            .where(and(inCategory(categoryId), isNotUpcoming(now)))
            .orderBy(
              desc(sql`coalesce(${posts.eventStartsAt}, ${posts.publishedAt})`),
              desc(posts.id),
            )
            .limit(limit + 1 - soon.length)
            .offset(Math.max(0, offset - upcoming));
    const ids = [...soon, ...rest].map((r) => r.id);
    const cards = await queryCardsByIds(tx as unknown as Database, ids.slice(0, limit));
    const events =
      cards.length === 0
        ? []
        : await tx
            .select({
              id: posts.id,
              startsAt: posts.eventStartsAt,
              endsAt: posts.eventEndsAt,
              zone: posts.eventTimeZone,
              venue: posts.eventVenue,
              onlineUrl: posts.eventOnlineUrl,
            })
            .from(posts)
            .where(
              and(
                inArray(
                  posts.id,
                  cards.map((c) => c.id),
                ),
                isNotNull(posts.eventStartsAt),
              ),
            );
    return {
      cards,
      more: ids.length > limit,
      events,
      upcomingOnPage: Math.min(soon.length, limit),
    };
  });
  if (page > 1 && rows.cards.length === 0) return null;
  const events: Record<string, EventCardLabel> = {};
  for (const e of rows.events) {
    if (!e.startsAt || !e.endsAt || !e.zone) continue;
    const labels = eventLabels(e.startsAt, e.endsAt, e.zone);
    events[e.id] = {
      when: [labels.dateLabel, labels.timeLabel, labels.zoneLabel].filter(Boolean).join(" · "),
      where: e.venue ?? (e.onlineUrl ? "Online" : null),
      past: e.endsAt <= now,
      startIso: isoInZone(e.startsAt, e.zone),
    };
  }
  return {
    posts: rows.cards,
    events,
    upcomingOnPage: rows.upcomingOnPage,
    page,
    hasPrevious: page > 1,
    hasNext: rows.more,
  };
}

const cache = createCache<{ page: EventArchivePage | null }>({
  name: "events-page",
  // Upcoming becomes past as time goes: a minute at most behind.
  ttl: Math.min(CACHE_TTL.postList, 60_000),
  scopes: ["posts", "categories"],
  max: 100,
});

/** A page of the Events category (cached a minute). */
export async function eventsPage(db: Database, categoryId: string, page: number) {
  const { page: found } = await cache.get(`${categoryId}:${page}`, async () => ({
    page: await queryEventsPage(db, categoryId, page),
  }));
  return found;
}
