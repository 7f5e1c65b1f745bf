/**
 * The Events category's page (docs/decisions/0115): upcoming events first (those
 * not yet ended, soonest first), then past events (most recent first), then
 * the category's posts without an event (newest first), 20 a page as the
 * other archives (docs/decisions/0110). Upcoming events are found through
 * posts_event_ends_idx (by their end) and sorted, being few; past events
 * are walked in the order of posts_event_past_idx, the other posts in that
 * of posts_category_published_idx. The event indexes hold only posts with
 * an event, so no other category's archive is drawn to them. Sequential
 * scans are off in the transaction, as for the other archives.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
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
  /** How many of this page's cards are upcoming events (they come first), then past events. */
  upcomingOnPage: number;
  pastOnPage: number;
};

const inCategory = (categoryId: string) => and(isPubliclyVisible, eq(posts.categoryId, categoryId));
const isUpcoming = (now: Date) => and(isNotNull(posts.eventStartsAt), gt(posts.eventEndsAt, now));
const isPast = (now: Date) => and(isNotNull(posts.eventStartsAt), lte(posts.eventEndsAt, now));

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
    const { soon, past, rest } = await pageIds(tx, categoryId, now, offset, limit);
    const ids = [...soon, ...past, ...rest].map((r) => r.id);
    const cards = await queryCardsByIds(tx, ids.slice(0, limit));
    return {
      cards,
      more: ids.length > limit,
      events: await eventsOf(tx, cards),
      upcomingOnPage: Math.min(soon.length, limit),
      pastOnPage: Math.min(past.length, limit - Math.min(soon.length, limit)),
    };
  });
  if (page > 1 && rows.cards.length === 0) return null;
  return {
    posts: rows.cards,
    events: cardLabels(rows.events, now),
    upcomingOnPage: rows.upcomingOnPage,
    pastOnPage: rows.pastOnPage,
    page,
    hasPrevious: page > 1,
    hasNext: rows.more,
  };
}

type Ids = { id: string }[];

/**
 * The page's posts in order: upcoming events, then past events, then the
 * other posts. Each part in turn: from `skip` into it, as many as the page
 * still needs (one more than a page, to know whether another follows).
 */
async function pageIds(
  tx: Database,
  categoryId: string,
  now: Date,
  offset: number,
  limit: number,
): Promise<{ soon: Ids; past: Ids; rest: Ids }> {
  const [{ upcoming } = { upcoming: 0 }] = await tx
    .select({ upcoming: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(inCategory(categoryId), isUpcoming(now)));
  let skip = offset;
  let need = limit + 1;
  const soon =
    skip < upcoming
      ? await tx
          .select({ id: posts.id })
          .from(posts)
          .where(and(inCategory(categoryId), isUpcoming(now)))
          .orderBy(asc(posts.eventStartsAt), asc(posts.id))
          .limit(need)
          .offset(skip)
      : [];
  skip = Math.max(0, skip - upcoming);
  need -= soon.length;
  let past: Ids = [];
  if (need > 0) {
    ({ past, skip } = await pastEventIds(tx, categoryId, now, skip, need));
    need -= past.length;
  }
  const rest =
    need > 0
      ? await tx
          .select({ id: posts.id })
          .from(posts)
          .where(and(inCategory(categoryId), isNull(posts.eventStartsAt)))
          .orderBy(desc(posts.publishedAt), desc(posts.id))
          .limit(need)
          .offset(skip)
      : [];
  return { soon, past, rest };
}

/** Past events, most recent first, from `skip`; and what is left of `skip` for the other posts. */
async function pastEventIds(
  tx: Database,
  categoryId: string,
  now: Date,
  skip: number,
  need: number,
): Promise<{ past: Ids; skip: number }> {
  const past = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(inCategory(categoryId), isPast(now)))
    .orderBy(desc(posts.eventStartsAt), desc(posts.id))
    .limit(need)
    .offset(skip);
  if (past.length >= need) return { past, skip };
  // The past events ran out: how many there are (counted only when the page goes beyond them).
  let pastCount = skip + past.length;
  if (past.length === 0 && skip > 0) {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(inCategory(categoryId), isPast(now)));
    pastCount = n;
  }
  return { past, skip: Math.max(0, skip - pastCount) };
}

/** The events of the page's cards (posts without one are not in it). */
async function eventsOf(tx: Database, cards: PostCard[]) {
  if (cards.length === 0) return [];
  return tx
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
}

/** Each card's event line (when, where, past or not), by post id. */
function cardLabels(
  rows: Awaited<ReturnType<typeof eventsOf>>,
  now: Date,
): Record<string, EventCardLabel> {
  const events: Record<string, EventCardLabel> = {};
  for (const e of rows) {
    if (!e.startsAt || !e.endsAt || !e.zone) continue;
    const labels = eventLabels(e.startsAt, e.endsAt, e.zone);
    events[e.id] = {
      when: [labels.dateLabel, labels.timeLabel, labels.zoneLabel].filter(Boolean).join(" · "),
      where: e.venue ?? (e.onlineUrl ? "Online" : null),
      past: e.endsAt <= now,
      startIso: isoInZone(e.startsAt, e.zone),
    };
  }
  return events;
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
