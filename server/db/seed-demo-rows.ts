/**
 * The demo's rows (server/db/seed-demo.ts), part one: the people with their
 * accounts and profiles, the posts (with their events and media) and their
 * tags; and what every part of the seed shares (the context, the clock's
 * units, the lookups).
 */
import { inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import type { Database } from "./client";
import { DEMO_PEOPLE, type DemoPerson } from "./demo-content/people";
import { DEMO_POSTS, type DemoEvent, type DemoPost } from "./demo-content/posts";
import { accounts, categories, posts, postTags, profiles, tags, users } from "./schema";
import type { DemoImages } from "./seed-demo-media";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const EXTERNAL_LINK_READING_MINUTES = 5;

/** Words of the text without tags, divided by 200, rounded up (docs/product/authoring.md#post-form); at least 1. */
export function readingTimeMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

export function clampTime(time: number, earliest: number, latest: number): Date {
  return new Date(Math.min(Math.max(time, earliest), latest));
}

function tagSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

export function mustGet<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined)
    throw new Error(`Demo content refers to an unknown ${what}: ${String(key)}`);
  return value;
}

export type Context = {
  tx: Transaction;
  now: number;
  images: DemoImages;
  random: () => number;
  /** username → user id */
  userIds: Map<string, string>;
  people: Map<string, DemoPerson>;
};

export function joinedAt(ctx: Context, username: string): number {
  return ctx.now - mustGet(ctx.people, username, "person").joinedDaysAgo * DAY;
}

export async function insertPeople(ctx: Context, hashes: string[]): Promise<void> {
  const userRows: (typeof users.$inferInsert)[] = [];
  const accountRows: (typeof accounts.$inferInsert)[] = [];
  const profileRows: (typeof profiles.$inferInsert)[] = [];
  DEMO_PEOPLE.forEach((person, i) => {
    const id = mustGet(ctx.userIds, person.username, "person");
    const created = new Date(joinedAt(ctx, person.username));
    const photo = ctx.images.portraits.get(person.username) ?? null;
    userRows.push({
      id,
      name: person.fullName,
      email: person.email,
      emailVerified: person.emailVerified,
      image: photo,
      username: person.username,
      displayUsername: person.username,
      createdAt: created,
      updatedAt: created,
    });
    // The shape Better Auth's email-and-password sign-in looks for.
    accountRows.push({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: hashes[i]!,
      createdAt: created,
      updatedAt: created,
    });
    profileRows.push({
      id,
      email: person.email,
      username: person.username,
      fullName: person.fullName,
      profilePhotoUrl: photo,
      bio: person.bio,
      userType: person.userType,
      linkedinUrl: person.linkedinUrl,
      websiteUrl: person.websiteUrl,
      role: person.role,
      status: person.status,
      profileCompleted: person.profileCompleted,
      locationCity: person.city,
      locationCountry: person.country,
      createdAt: created,
      updatedAt: created,
      lastLoginAt:
        person.lastLoginDaysAgo === null
          ? null
          : new Date(ctx.now - person.lastLoginDaysAgo * DAY - 2 * HOUR),
    });
  });
  await ctx.tx.insert(users).values(userRows);
  await ctx.tx.insert(accounts).values(accountRows);
  await ctx.tx.insert(profiles).values(profileRows);
}

export type InsertedPost = {
  id: string;
  post: DemoPost;
  publishedAt: number | null;
  viewCount: number;
};

/**
 * A demo event's columns: its start `inDays` from the seeding day at the
 * wall time `at` in its zone (so that a change of summer time in between
 * keeps the local time), stored as instants.
 */
export function demoEvent(event: DemoEvent | undefined, now: number) {
  if (!event) return {};
  const day = TZDate.tz(event.timeZone, now + event.inDays * DAY);
  const [hours, minutes] = event.at.split(":").map(Number) as [number, number];
  const start = new TZDate(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    hours,
    minutes,
    event.timeZone,
  );
  return {
    eventStartsAt: new Date(start.getTime()),
    eventEndsAt: new Date(start.getTime() + event.durationMinutes * 60_000),
    eventTimeZone: event.timeZone,
    eventVenue: event.venue ?? null,
    eventOnlineUrl: event.onlineUrl ?? null,
    eventBookingUrl: event.bookingUrl ?? null,
  };
}

export async function insertPosts(ctx: Context): Promise<Map<string, InsertedPost>> {
  const slugs = [...new Set(DEMO_POSTS.map((p) => p.category))];
  const categoryRows = await ctx.tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  const categoryIds = new Map(categoryRows.map((c) => [c.slug, c.id]));

  const rows = DEMO_POSTS.map((post): typeof posts.$inferInsert => {
    // A few hours' jitter so posts do not all appear at midnight.
    const time = ctx.now - post.daysAgo * DAY - Math.floor(ctx.random() * 10) * HOUR;
    const published = post.status === "published";
    const image = ctx.images.posts.get(post.slug) ?? null;
    const media = ctx.images.media.get(post.slug);
    return {
      title: post.title,
      slug: post.slug,
      content: post.content,
      excerpt: post.excerpt,
      postType: post.type,
      externalUrl: post.type === "external_link" ? post.externalUrl : null,
      featuredImageUrl: image,
      featuredVideoUrl: media?.videoUrl ?? null,
      captionsUrl: media?.captionsUrl ?? null,
      captionsLang: media?.captionsUrl ? "en" : null,
      captionsLabel: media?.captionsUrl ? "English" : null,
      ...demoEvent(post.event, ctx.now),
      featuredAudioUrl: media?.audioUrl ?? null,
      audioType: media?.audioUrl ? "wav" : null,
      audioBytes: media?.audioBytes ?? null,
      audioMimeType: media?.audioUrl ? "audio/wav" : null,
      audioDurationSeconds: media?.audioDurationSeconds ?? null,
      categoryId: mustGet(categoryIds, post.category, "category"),
      authorId: mustGet(ctx.userIds, post.author, "author"),
      status: post.status,
      isFeatured: post.featured === true,
      publishedAt: published ? new Date(time) : null,
      createdAt: new Date(time - 2 * DAY),
      updatedAt: new Date(time),
      lastAutosave: post.status === "draft" ? new Date(time) : null,
      viewCount: published
        ? Math.round((post.featured ? 900 : 60) + ctx.random() * (post.featured ? 2400 : 900))
        : 0,
      readingTimeMinutes:
        post.type === "external_link"
          ? EXTERNAL_LINK_READING_MINUTES
          : readingTimeMinutes(post.content),
      sidebarEnabled: post.sidebarEnabled ?? true,
      sidebarWidgets: post.sidebarWidgets
        ? [
            {
              type: "text",
              order: 0,
              content:
                "Mentor office hours run every month in London, Bengaluru and online. Approved members book for free.",
            },
            {
              type: "image",
              order: 1,
              image_url: ctx.images.sidebarBanner,
              link_url: "/partner-with-us",
              content: "Expanding to the UK? Book a free call with our legal partner.",
            },
          ]
        : [],
    };
  });
  const inserted = await ctx.tx
    .insert(posts)
    .values(rows)
    .returning({ id: posts.id, slug: posts.slug, viewCount: posts.viewCount });
  const bySlug = new Map(DEMO_POSTS.map((p) => [p.slug, p]));
  const publishedBySlug = new Map(rows.map((r) => [r.slug, r.publishedAt?.getTime() ?? null]));
  return new Map(
    inserted.map((row) => [
      row.slug,
      {
        id: row.id,
        post: mustGet(bySlug, row.slug, "post"),
        publishedAt: publishedBySlug.get(row.slug) ?? null,
        viewCount: row.viewCount,
      },
    ]),
  );
}

export async function insertTags(ctx: Context, inserted: Map<string, InsertedPost>): Promise<void> {
  const names = [...new Set(DEMO_POSTS.flatMap((p) => p.tags.map((t) => t.trim().toLowerCase())))];
  // Tags may exist already (created by people); reuse them by slug.
  await ctx.tx
    .insert(tags)
    .values(names.map((name) => ({ name, slug: tagSlug(name) })))
    .onConflictDoNothing();
  const tagRows = await ctx.tx
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(inArray(tags.slug, names.map(tagSlug)));
  const tagIds = new Map(tagRows.map((t) => [t.slug, t.id]));
  const links = [...inserted.values()].flatMap(({ id, post }) =>
    [...new Set(post.tags.map(tagSlug))].map((slug) => ({
      postId: id,
      tagId: mustGet(tagIds, slug, "tag"),
    })),
  );
  // usage_count follows from these rows (trigger in migration 0001).
  await ctx.tx.insert(postTags).values(links);
}
