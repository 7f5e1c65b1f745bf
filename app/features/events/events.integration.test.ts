/**
 * Events (docs/decisions/0115) through the save, the reader's queries and what they
 * make: the fields refused for posts outside the Events category and checked
 * inside it, as post permissions go; times across time zones and a change of
 * summer time; the .ics file parsed by ical.js; the Event JSON-LD parsed back;
 * the Events category's upcoming-then-past order and paging.
 */
import ICAL from "ical.js";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { clearAllCaches } from "#server/cache/cache";
import { categories, posts } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { savePost } from "~/features/authoring/save-post.server";
import { loadPostForEdit } from "~/features/authoring/posts-admin.server";
import { valuesOf } from "~/features/authoring/editor.server";
import { queryPostBySlug } from "~/features/posts/posts.server";
import { loadPostView } from "~/features/reader/post-page.server";
import { postMeta } from "~/features/seo/post-meta";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { EVENT_MESSAGES } from "./event-rules";
import { eventIcs, hasEvent } from "./event-view.server";
import { queryEventsPage } from "./event-list.server";
import { at } from "#tests/support/json";

const t = testDatabaseForThisFile();
const SITE = { name: "FounderBridge", url: "https://founderbridge.example" };
let mentor: Actor;
let otherMentor: Actor;
let admin: Actor;
let eventsId: string;
let guidesId: string;

async function actorOf(role: Actor["role"], status: Actor["status"] = "approved"): Promise<Actor> {
  const u = await createUser(t.db, { role, status });
  return { id: u.id, role, status };
}

async function categoryId(slug: string) {
  const [row] = await t.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row!.id;
}

async function row(id: string) {
  const [r] = await t.db.select().from(posts).where(eq(posts.id, id));
  return r!;
}

/** An event in Asia/Kolkata on 14 March 2026, 18:30–20:30 (13:00–15:00 UTC). */
const KOLKATA = {
  event_starts_at: "2026-03-14T18:30",
  event_ends_at: "2026-03-14T20:30",
  event_time_zone: "Asia/Kolkata",
  event_venue: "91springboard, Koramangala, Bengaluru",
  event_online_url: "",
  event_booking_url: "https://tickets.example/founders-evening",
};

beforeEach(async () => {
  clearAllCaches();
  mentor = await actorOf("mentor");
  otherMentor = await actorOf("mentor");
  admin = await actorOf("admin");
  eventsId = await categoryId("events");
  guidesId = await categoryId("guides");
});

function saved(result: Awaited<ReturnType<typeof savePost>>) {
  if (!result.ok)
    throw new Error(`save failed: ${result.error} ${JSON.stringify(result.fieldErrors)}`);
  return result.post;
}

describe("the event fields in the post form", () => {
  it("are ignored for a post outside Events, and cleared when a post leaves Events", async () => {
    const guide = saved(
      await savePost(t.db, mentor, {
        title: "Not an event",
        intent: "publish",
        category_id: guidesId,
        ...KOLKATA,
      }),
    );
    expect(await row(guide.id)).toMatchObject({
      eventStartsAt: null,
      eventEndsAt: null,
      eventTimeZone: null,
      eventVenue: null,
      eventBookingUrl: null,
    });
    // Even an impossible event is no error where events do not belong.
    expect(
      await savePost(t.db, mentor, {
        title: "Still not an event",
        intent: "publish",
        category_id: guidesId,
        event_starts_at: "yesterday",
        event_time_zone: "Mars/Olympus",
      }),
    ).toMatchObject({ ok: true });

    const event = saved(
      await savePost(t.db, mentor, {
        title: "An evening",
        intent: "publish",
        category_id: eventsId,
        ...KOLKATA,
      }),
    );
    expect((await row(event.id)).eventTimeZone).toBe("Asia/Kolkata");
    saved(
      await savePost(t.db, mentor, {
        id: event.id,
        title: "An evening",
        intent: "publish",
        category_id: guidesId,
        ...KOLKATA,
      }),
    );
    expect(await row(event.id)).toMatchObject({ eventStartsAt: null, eventTimeZone: null });
  });

  it("are checked for an Events post, each message beside its field", async () => {
    const attempt = (fields: Record<string, string>) =>
      savePost(t.db, mentor, {
        title: "Checked",
        intent: "publish",
        category_id: eventsId,
        ...KOLKATA,
        ...fields,
      });
    const cases: [Record<string, string>, string, string][] = [
      [{ event_starts_at: "" }, "event_starts_at", EVENT_MESSAGES.startRequired],
      [{ event_ends_at: "" }, "event_ends_at", EVENT_MESSAGES.endRequired],
      [{ event_ends_at: "2026-03-14T18:30" }, "event_ends_at", EVENT_MESSAGES.endBeforeStart],
      [{ event_ends_at: "2026-03-13T20:30" }, "event_ends_at", EVENT_MESSAGES.endBeforeStart],
      [{ event_starts_at: "14/03/2026 6pm" }, "event_starts_at", EVENT_MESSAGES.timeInvalid],
      [{ event_time_zone: "" }, "event_time_zone", EVENT_MESSAGES.timeZone],
      [{ event_time_zone: "Mars/Olympus" }, "event_time_zone", EVENT_MESSAGES.timeZone],
      [{ event_time_zone: "IST" }, "event_time_zone", EVENT_MESSAGES.timeZone],
      [{ event_venue: "" }, "event_venue", EVENT_MESSAGES.place],
      [{ event_venue: "x".repeat(301) }, "event_venue", EVENT_MESSAGES.venueTooLong],
      [{ event_online_url: "javascript:alert(1)" }, "event_online_url", EVENT_MESSAGES.onlineUrl],
      [
        { event_booking_url: "ftp://tickets.example/x" },
        "event_booking_url",
        EVENT_MESSAGES.bookingUrl,
      ],
      [{ event_booking_url: "/book" }, "event_booking_url", EVENT_MESSAGES.bookingUrl],
      // 01:30 on 29 March 2026 never happens in London: the clocks go from 01:00 to 02:00.
      [
        {
          event_time_zone: "Europe/London",
          event_starts_at: "2026-03-29T01:30",
          event_ends_at: "2026-03-29T03:00",
        },
        "event_starts_at",
        EVENT_MESSAGES.noSuchTime("Europe/London"),
      ],
    ];
    for (const [fields, field, message] of cases) {
      const result = await attempt(fields);
      expect(result, JSON.stringify(fields)).toMatchObject({ ok: false, status: 400 });
      if (!result.ok) expect(result.fieldErrors[field], JSON.stringify(fields)).toBe(message);
    }
    expect(await t.db.$count(posts)).toBe(0);

    // An online event needs no venue; every field empty is an Events post without an event.
    expect(
      await attempt({ event_venue: "", event_online_url: "https://meet.example/abc" }),
    ).toMatchObject({ ok: true });
    const plain = saved(
      await savePost(t.db, mentor, {
        title: "Events roundup",
        intent: "publish",
        category_id: eventsId,
      }),
    );
    expect((await row(plain.id)).eventStartsAt).toBeNull();
  });

  it("follow the permissions of posts", async () => {
    const input = { title: "An evening", intent: "publish", category_id: eventsId, ...KOLKATA };
    for (const actor of [
      null,
      await actorOf("user"),
      await actorOf("mentor", "pending"),
      await actorOf("mentor", "blocked"),
    ]) {
      expect(await savePost(t.db, actor, input)).toMatchObject({ ok: false });
    }
    expect(await t.db.$count(posts)).toBe(0);
    const mine = saved(await savePost(t.db, mentor, input));
    expect(
      await savePost(t.db, otherMentor, { ...input, id: mine.id, event_venue: "Elsewhere" }),
    ).toMatchObject({ ok: false, status: 403 });
    saved(await savePost(t.db, admin, { ...input, id: mine.id, event_venue: "Elsewhere" }));
    expect((await row(mine.id)).eventVenue).toBe("Elsewhere");
  });

  it("keep a stored event when an autosave carries an unfinished one", async () => {
    const draft = saved(
      await savePost(t.db, mentor, {
        title: "Draft event",
        intent: "draft",
        category_id: eventsId,
        ...KOLKATA,
      }),
    );
    const result = await savePost(t.db, mentor, {
      id: draft.id,
      title: "Draft event",
      intent: "autosave",
      category_id: eventsId,
      ...KOLKATA,
      event_ends_at: "2026-03-14T17:00",
    });
    expect(result).toMatchObject({ ok: true });
    expect((await row(draft.id)).eventEndsAt).toEqual(new Date("2026-03-14T15:00:00Z"));
  });
});

describe("event times across time zones", () => {
  async function publish(title: string, fields: Record<string, string>) {
    const post = saved(
      await savePost(t.db, mentor, {
        title,
        excerpt: `${title}, in brief.`,
        intent: "publish",
        category_id: eventsId,
        ...KOLKATA,
        ...fields,
      }),
    );
    return { post, stored: await row(post.id) };
  }

  it("stores the instant in UTC with the zone, and shows the zone's own wall time and offset", async () => {
    const kolkata = await publish("Bengaluru evening", {});
    expect(kolkata.stored.eventStartsAt).toEqual(new Date("2026-03-14T13:00:00Z"));
    expect(kolkata.stored.eventEndsAt).toEqual(new Date("2026-03-14T15:00:00Z"));

    // London, the day before and the day the clocks go forward (29 March 2026).
    const beforeDst = await publish("London before", {
      event_time_zone: "Europe/London",
      event_starts_at: "2026-03-28T10:00",
      event_ends_at: "2026-03-28T12:00",
    });
    const afterDst = await publish("London after", {
      event_time_zone: "Europe/London",
      event_starts_at: "2026-03-29T10:00",
      event_ends_at: "2026-03-29T12:00",
    });
    expect(beforeDst.stored.eventStartsAt).toEqual(new Date("2026-03-28T10:00:00Z"));
    expect(afterDst.stored.eventStartsAt).toEqual(new Date("2026-03-29T09:00:00Z"));
    // Over the change itself: 00:30 GMT to 03:30 BST is two hours.
    const across = await publish("London across", {
      event_time_zone: "Europe/London",
      event_starts_at: "2026-03-29T00:30",
      event_ends_at: "2026-03-29T03:30",
    });
    expect(across.stored.eventEndsAt!.getTime() - across.stored.eventStartsAt!.getTime()).toBe(
      2 * 3_600_000,
    );

    const viewOf = async (slug: string) => (await loadPostView(t.db, slug, SITE))!.event!;
    expect(await viewOf(kolkata.post.slug)).toMatchObject({
      dateLabel: "Saturday 14 March 2026",
      timeLabel: "18:30 – 20:30",
      zoneLabel: "Asia/Kolkata (GMT+5:30)",
      startIso: "2026-03-14T18:30:00+05:30",
      endIso: "2026-03-14T20:30:00+05:30",
      venue: KOLKATA.event_venue,
      bookingUrl: KOLKATA.event_booking_url,
      past: true,
    });
    expect(await viewOf(beforeDst.post.slug)).toMatchObject({
      timeLabel: "10:00 – 12:00",
      zoneLabel: "Europe/London (GMT)",
      startIso: "2026-03-28T10:00:00+00:00",
    });
    expect(await viewOf(afterDst.post.slug)).toMatchObject({
      dateLabel: "Sunday 29 March 2026",
      timeLabel: "10:00 – 12:00",
      zoneLabel: "Europe/London (GMT+1)",
      startIso: "2026-03-29T10:00:00+01:00",
      endIso: "2026-03-29T12:00:00+01:00",
    });

    // The editor shows the wall times back in the event's zone.
    const edit = await loadPostForEdit(t.db, mentor, afterDst.post.slug);
    if (!edit.ok) throw new Error(edit.error);
    expect(valuesOf(edit.post)).toMatchObject({
      event_starts_at: "2026-03-29T10:00",
      event_ends_at: "2026-03-29T12:00",
      event_time_zone: "Europe/London",
    });
  });

  it("writes an .ics file a calendar library reads back, instants in UTC", async () => {
    const { post } = await publish("Bengaluru evening", {});
    const detail = (await queryPostBySlug(t.db, post.slug))!;
    expect(hasEvent(detail)).toBe(true);
    if (!hasEvent(detail)) return;
    const ics = eventIcs(detail, SITE);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(
      true,
    );
    const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
    const vevent = calendar.getFirstSubcomponent("vevent")!;
    const event = new ICAL.Event(vevent);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-03-14T13:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-03-14T15:00:00.000Z");
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(event.summary).toBe("Bengaluru evening");
    expect(event.location).toBe(KOLKATA.event_venue);
    expect(vevent.getFirstPropertyValue("url")).toBe(KOLKATA.event_booking_url);
    expect(event.uid).toBe(`${post.id}@founderbridge.example`);
    expect(vevent.getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(event.description).toContain(`https://founderbridge.example/post/${post.slug}`);

    // An online event without booking: the link is the place, the post the URL.
    const online = await publish("Online AMA", {
      event_venue: "",
      event_online_url: "https://meet.example/ama",
      event_booking_url: "",
    });
    const onlineDetail = (await queryPostBySlug(t.db, online.post.slug))!;
    if (!hasEvent(onlineDetail)) throw new Error("no event");
    const parsed = new ICAL.Event(
      new ICAL.Component(
        ICAL.parse(eventIcs(onlineDetail, SITE)) as unknown[],
      ).getFirstSubcomponent("vevent")!,
    );
    expect(parsed.location).toBe("https://meet.example/ama");
    expect(parsed.component.getFirstPropertyValue("url")).toBe(
      `https://founderbridge.example/post/${online.post.slug}`,
    );
  });

  it("gives search engines an Event with the required properties", async () => {
    const { post } = await publish("Bengaluru evening", {
      event_online_url: "https://meet.example/evening",
    });
    const view = (await loadPostView(t.db, post.slug, SITE))!;
    const meta = postMeta(view, { siteName: SITE.name, siteUrl: SITE.url });
    const blocks = meta
      .filter((m) => "script:ld+json" in m)
      .map(
        (m) =>
          JSON.parse(JSON.stringify((m as Record<string, unknown>)["script:ld+json"])) as Record<
            string,
            unknown
          >,
      );
    const event = blocks.find((b) => b["@type"] === "Event");
    expect(event).toBeDefined();
    expect(event).toMatchObject({
      "@context": "https://schema.org",
      name: "Bengaluru evening",
      description: "Bengaluru evening, in brief.",
      startDate: "2026-03-14T18:30:00+05:30",
      endDate: "2026-03-14T20:30:00+05:30",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/MixedEventAttendanceMode",
      url: `https://founderbridge.example/post/${post.slug}`,
      organizer: { "@type": "Organization", name: "FounderBridge" },
      offers: { "@type": "Offer", url: KOLKATA.event_booking_url },
    });
    expect(event?.location).toEqual([
      { "@type": "Place", name: KOLKATA.event_venue, address: KOLKATA.event_venue },
      { "@type": "VirtualLocation", url: "https://meet.example/evening" },
    ]);
    expect(at(event, "image", 0)).toMatch(/^https:\/\/founderbridge\.example\//);
    // Google's required properties, and start and end parse to the stored instants.
    for (const key of ["name", "startDate", "location"]) expect(event?.[key]).toBeTruthy();
    expect(new Date(at(event, "startDate") as string).toISOString()).toBe(
      "2026-03-14T13:00:00.000Z",
    );
    // The article's own data is still there.
    expect(
      blocks.some((b) => ["Article", "BlogPosting", "NewsArticle"].includes(b["@type"] as string)),
    ).toBe(true);

    const plain = saved(
      await savePost(t.db, mentor, { title: "A guide", intent: "publish", category_id: guidesId }),
    );
    const plainView = (await loadPostView(t.db, plain.slug, SITE))!;
    expect(plainView.event).toBeNull();
    expect(
      JSON.stringify(postMeta(plainView, { siteName: SITE.name, siteUrl: SITE.url })),
    ).not.toContain('"Event"');
  });
});

describe("the Events category's list", () => {
  const DAY = 86_400_000;

  it("puts upcoming events first (soonest first), then past ones (latest first), 20 a page", async () => {
    const now = new Date();
    const author = await createUser(t.db, { role: "mentor" });
    // 25 upcoming events (in 1..25 days, inserted out of order), 30 past ones
    // (1..30 days ago), 3 posts without an event, and one event still going on.
    const rows: (typeof posts.$inferInsert)[] = [];
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    for (let i = 1; i <= 25; i++) {
      const d = ((i * 7) % 25) + 1;
      rows.push({
        title: `Upcoming ${d}`,
        slug: `upcoming-${d}`,
        authorId: author.id,
        categoryId: eventsId,
        status: "published",
        publishedAt: at(-40),
        eventStartsAt: at(d),
        eventEndsAt: new Date(at(d).getTime() + 3_600_000),
        eventTimeZone: "Europe/London",
        eventVenue: "London",
      });
    }
    for (let d = 1; d <= 30; d++) {
      rows.push({
        title: `Past ${d}`,
        slug: `past-${d}`,
        authorId: author.id,
        categoryId: eventsId,
        status: "published",
        publishedAt: at(-60),
        eventStartsAt: at(-d),
        eventEndsAt: new Date(at(-d).getTime() + 3_600_000),
        eventTimeZone: "Asia/Kolkata",
        eventOnlineUrl: "https://meet.example/x",
      });
    }
    rows.push({
      title: "Ongoing",
      slug: "ongoing",
      authorId: author.id,
      categoryId: eventsId,
      status: "published",
      publishedAt: at(-2),
      eventStartsAt: new Date(now.getTime() - 3_600_000),
      eventEndsAt: new Date(now.getTime() + 3_600_000),
      eventTimeZone: "UTC",
      eventVenue: "Online and in Leeds",
    });
    for (let i = 1; i <= 3; i++) {
      rows.push({
        title: `Roundup ${i}`,
        slug: `roundup-${i}`,
        authorId: author.id,
        categoryId: eventsId,
        status: "published",
        // Published between the 10th and 11th past event: still listed after every event.
        publishedAt: new Date(at(-10).getTime() - i * 60_000),
      });
    }
    // Neither a draft nor a post in another category shows.
    rows.push(
      { ...rows[0]!, slug: "draft-event", status: "draft", publishedAt: null },
      { ...rows[1]!, slug: "guide-event", categoryId: guidesId },
    );
    await t.db.insert(posts).values(rows);

    const slugs = async (page: number) => {
      const found = await queryEventsPage(t.db, eventsId, page, now);
      return found && { ...found, slugs: found.posts.map((p) => p.slug) };
    };
    const first = (await slugs(1))!;
    expect(first.slugs).toEqual([
      "ongoing",
      ...Array.from({ length: 19 }, (_, i) => `upcoming-${i + 1}`),
    ]);
    expect(first.upcomingOnPage).toBe(20);
    expect(first).toMatchObject({ page: 1, hasPrevious: false, hasNext: true });
    expect(first.events[first.posts[0]!.id]).toMatchObject({
      where: "Online and in Leeds",
      past: false,
    });
    expect(first.events[first.posts[1]!.id]).toMatchObject({ where: "London", past: false });

    const second = (await slugs(2))!;
    expect(second.slugs).toEqual([
      ...Array.from({ length: 6 }, (_, i) => `upcoming-${i + 20}`),
      ...Array.from({ length: 14 }, (_, i) => `past-${i + 1}`),
    ]);
    expect(second).toMatchObject({ upcomingOnPage: 6, pastOnPage: 14, hasNext: true });
    expect(second.events[second.posts[6]!.id]).toMatchObject({ where: "Online", past: true });

    // The past events, then the category's posts without one, newest first.
    const third = (await slugs(3))!;
    expect(third.slugs).toEqual([
      ...Array.from({ length: 16 }, (_, i) => `past-${i + 15}`),
      "roundup-1",
      "roundup-2",
      "roundup-3",
    ]);
    expect(third).toMatchObject({
      upcomingOnPage: 0,
      pastOnPage: 16,
      hasPrevious: true,
      hasNext: false,
    });
    expect(third.events[third.posts[16]!.id]).toBeUndefined();
    expect(await slugs(4)).toBeNull();
  });

  it("is read through the event indexes, not a scan of every post", async () => {
    const author = await createUser(t.db, { role: "mentor" });
    await t.db.execute(sql`
      INSERT INTO posts (title, slug, category_id, author_id, status, published_at,
        event_starts_at, event_ends_at, event_time_zone, event_venue)
      SELECT 'Event ' || i, 'event-' || i,
        CASE WHEN i % 10 = 0 THEN ${eventsId}::uuid ELSE ${guidesId}::uuid END,
        ${author.id}, 'published', now() - interval '90 days',
        CASE WHEN i % 10 = 0 THEN now() + make_interval(hours => i - 5000) END,
        CASE WHEN i % 10 = 0 THEN now() + make_interval(hours => i - 4999) END,
        CASE WHEN i % 10 = 0 THEN 'Europe/London' END,
        CASE WHEN i % 10 = 0 THEN 'London' END
      FROM generate_series(1, 10000) AS i
    `);
    await t.db.execute(sql`ANALYZE posts`);
    const now = new Date();
    const upcoming = sql`event_starts_at IS NOT NULL AND event_ends_at > ${now}`;
    const visible = sql`status = 'published' AND published_at IS NOT NULL AND published_at <= now() AND category_id = ${eventsId}`;
    const plans = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
      const explain = async (query: ReturnType<typeof sql>) =>
        ((await tx.execute(sql`EXPLAIN ${query}`)) as { rows: object[] }).rows
          .map((r) => String(Object.values(r)[0]))
          .join("\n");
      return [
        await explain(sql`SELECT count(*) FROM posts WHERE ${visible} AND ${upcoming}`),
        await explain(
          sql`SELECT id FROM posts WHERE ${visible} AND ${upcoming} ORDER BY event_starts_at, id LIMIT 21 OFFSET 400`,
        ),
        await explain(
          sql`SELECT id FROM posts WHERE ${visible} AND event_starts_at IS NOT NULL AND event_ends_at <= ${now}
            ORDER BY event_starts_at DESC, id DESC LIMIT 21 OFFSET 400`,
        ),
        await explain(
          sql`SELECT id FROM posts WHERE ${visible} AND event_starts_at IS NULL
            ORDER BY published_at DESC, id DESC LIMIT 21`,
        ),
        // Another category's archive keeps its own index: the event indexes hold events only.
        await explain(
          sql`SELECT id FROM posts WHERE status = 'published' AND published_at IS NOT NULL
            AND published_at <= now() AND category_id = ${guidesId}
            ORDER BY published_at DESC, id DESC LIMIT 21 OFFSET 2480`,
        ),
      ];
    });
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on posts/);
    expect(plans[1]).toMatch(/posts_event_ends_idx/);
    // Past events by their start (or by their end, then sorted, when the planner counts few).
    expect(plans[2]).toMatch(/posts_event_(past|ends)_idx/);
    expect(plans[3]).toMatch(/posts_category_published_idx/);
    expect(plans[4]).toMatch(/posts_(category_)?published_idx/);
    expect(plans[4]).not.toMatch(/posts_event_/);
  });
});
