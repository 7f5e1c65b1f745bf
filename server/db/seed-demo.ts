/**
 * Demo content: a small, believable UK–India founders community, so that a
 * fresh install has something to read, sign in as and administer.
 *
 * Passwords are random per database and exist in clear only in the result of
 * the call that created them; the hashes (Better Auth's scrypt format) are
 * what is stored. A later call finds the content already there, changes
 * nothing and reports the accounts with DEMO_PASSWORD_UNCHANGED in place of
 * each password. To get new passwords, start from an empty database.
 */
import { hashPassword } from "better-auth/crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { randomInt, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { TZDate } from "@date-fns/tz";
import { parseBuffer } from "music-metadata";
import { storeResponsiveImage } from "../storage/responsive-images";
import type { Storage } from "../storage/storage";
import type { Database } from "./client";
import { DEMO_CHIMES, renderChimeWav } from "./demo-content/audio";
import {
  DEMO_BROADCASTS,
  DEMO_FOLLOWS,
  DEMO_THREADS,
  UNREAD_BROADCAST_TITLE,
} from "./demo-content/community";
import {
  CATEGORY_PALETTES,
  renderBanner,
  renderFeaturedImage,
  renderPortrait,
} from "./demo-content/images";
import { DEMO_ADMIN_EMAIL, DEMO_PEOPLE, type DemoPerson } from "./demo-content/people";
import { DEMO_POSTS, type DemoEvent, type DemoPost } from "./demo-content/posts";
import {
  accounts,
  broadcasts,
  categories,
  commentLikes,
  comments,
  favorites,
  follows,
  notifications,
  posts,
  postTags,
  profiles,
  SITE_SETTINGS_ID,
  siteSettings,
  tags,
  users,
} from "./schema";
import { ensureReservedRows, NAMED_CATEGORIES } from "./seed";

export { DEMO_ADMIN_EMAIL } from "./demo-content/people";

/** Shown instead of a password when the demo accounts already existed. */
export const DEMO_PASSWORD_UNCHANGED = "(unchanged — set on first seed)";

export type DemoAccount = {
  role: string;
  status: string;
  email: string;
  username: string;
  password: string;
};

export type SeedDemoResult = { created: boolean; accounts: DemoAccount[] };

export type SeedDemoOptions = {
  log?: (msg: string) => void;
  /** Printed on the featured images. */
  siteName?: string;
  /**
   * The embedded demo site (DEMO_CONTENT on the embedded database): the run
   * that loads the content also stops requiring admins to set up a second
   * factor (docs/decisions/0168). Left as it is on any other database.
   */
  demoSite?: boolean;
};

/**
 * What the demo site says about admins' second factor when it prints the
 * accounts (docs/decisions/0168): it is not required here, a real site
 * requires it, and how to turn it on.
 */
export function demoTwoFactorNote(siteUrl: string): string[] {
  return [
    "This demo site does not ask admins to set up two-factor authentication. A real site does: without",
    "demo content (DEMO_CONTENT=false, or DATABASE_URL) a new site requires it of admins from the start.",
    `To require it here too, sign in as the admin, open ${siteUrl}/admin/site-settings and tick`,
    '"Require two-factor authentication for admins" under Security.',
  ];
}

/**
 * The server's start-up step (server/app.ts): with demo content on (the
 * embedded database only, server/config.ts), loads it as the demo site and
 * answers the message to print on the start that loaded it; otherwise
 * nothing, and a site without demo content keeps requiring a second factor
 * of admins (migration 0030's default).
 */
export async function loadDemoSite(
  db: Database,
  storage: Storage,
  config: { demoContent: boolean; siteUrl: string },
  log: (msg: string) => void,
): Promise<string | null> {
  if (!config.demoContent) return null;
  const result = await seedDemo(db, storage, { log, demoSite: true });
  return result.created ? demoAccountsBanner(result.accounts, config.siteUrl) : null;
}

/** The first start's message: the demo accounts and their passwords, then the note above. */
export function demoAccountsBanner(accounts: DemoAccount[], siteUrl: string): string {
  const lines = accounts.map(
    (a) => `  ${a.role.padEnd(7)} ${a.status.padEnd(9)} ${a.email.padEnd(38)} ${a.password}`,
  );
  return [
    "",
    "Demo content loaded. Sign in with these accounts (passwords are generated on this first start only):",
    ...lines,
    "",
    ...demoTwoFactorNote(siteUrl),
    "",
  ].join("\n");
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Serialises concurrent seeders (two instances starting at once); any fixed 64-bit number. */
const DEMO_SEED_LOCK = 724_061_114;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EXTERNAL_LINK_READING_MINUTES = 5;

// --------------------------------------------------------------------- helpers

/**
 * A password meeting the sign-up rules (docs/product/reading.md#informational-pages-and-404): four groups such as
 * `Kp7v-Wq3m-Hx9t-Rb2n`, about 67 bits from the system's CSPRNG, with no
 * look-alike characters so that it can be read off a terminal.
 */
export function generateDemoPassword(): string {
  const upper = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const lower = "abcdefghijkmnopqrstuvwxyz";
  const digits = "23456789";
  const pick = (set: string) => set[randomInt(set.length)]!;
  return Array.from(
    { length: 4 },
    () => pick(upper) + pick(lower) + pick(digits) + pick(lower),
  ).join("-");
}

/** Words of the text without tags, divided by 200, rounded up (docs/product/authoring.md#post-form); at least 1. */
export function readingTimeMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

/** A small seeded PRNG (mulberry32): the demo looks the same on every machine. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function clampTime(time: number, earliest: number, latest: number): Date {
  return new Date(Math.min(Math.max(time, earliest), latest));
}

function tagSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

function mustGet<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined)
    throw new Error(`Demo content refers to an unknown ${what}: ${String(key)}`);
  return value;
}

// ------------------------------------------------------------------- detection

async function isDemoLoaded(db: Database | Transaction): Promise<boolean> {
  const [settings] = await db
    .select({ loadedAt: siteSettings.demoContentLoadedAt })
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  if (settings?.loadedAt) return true;
  // Also covers a database whose settings row was reset after seeding.
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_ADMIN_EMAIL}`)
    .limit(1);
  return admin !== undefined;
}

/** The demo accounts still present, in the demo's order, as they are now. */
async function existingDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const rows = await db
    .select({
      role: profiles.role,
      status: profiles.status,
      email: profiles.email,
      username: profiles.username,
    })
    .from(profiles)
    .where(
      inArray(
        sql`lower(${profiles.email})`,
        DEMO_PEOPLE.map((p) => p.email.toLowerCase()),
      ),
    );
  const order = new Map<string, number>(DEMO_PEOPLE.map((p, i) => [p.email.toLowerCase(), i]));
  return rows
    .sort(
      (a, b) => (order.get(a.email.toLowerCase()) ?? 0) - (order.get(b.email.toLowerCase()) ?? 0),
    )
    .map((row) => ({ ...row, password: DEMO_PASSWORD_UNCHANGED }));
}

// ---------------------------------------------------------------------- images

type DemoImages = {
  posts: Map<string, string>;
  portraits: Map<string, string>;
  sidebarBanner: string;
  /** slug → the post's featured audio (a WAV the seed writes) and video (a shipped MP4). */
  media: Map<string, DemoMedia>;
};

type DemoMedia = {
  audioUrl?: string;
  /** The podcast feed's enclosure length and itunes:duration (docs/decisions/0111), as saving a post reads them. */
  audioBytes?: number;
  audioDurationSeconds?: number | null;
  videoUrl?: string;
  captionsUrl?: string;
};

/**
 * The demo's media files, read from the project (run from its root, as for
 * the migrations): they are not bundled into the server build.
 */
export const DEMO_MEDIA_DIR = path.resolve("server/db/demo-content/media");

/** Writes the demo posts' audio and video files into the storage. */
async function storeDemoMedia(storage: Storage): Promise<DemoImages["media"]> {
  const jobs = DEMO_POSTS.filter((post) => post.audio || post.video).map(async (post) => {
    const entry: DemoMedia = {};
    if (post.audio) {
      const wav = renderChimeWav(DEMO_CHIMES[post.audio]);
      entry.audioUrl = (await storage.put(`demo/audio/${post.slug}.wav`, wav, "audio/wav")).url;
      entry.audioBytes = wav.length;
      const { format } = await parseBuffer(wav, { mimeType: "audio/wav", size: wav.length });
      entry.audioDurationSeconds = format.duration
        ? Math.max(1, Math.round(format.duration))
        : null;
    }
    if (post.video) {
      const bytes = new Uint8Array(await readFile(path.join(DEMO_MEDIA_DIR, post.video)));
      entry.videoUrl = (await storage.put(`demo/video/${post.video}`, bytes, "video/mp4")).url;
    }
    if (post.captions) {
      const bytes = new Uint8Array(await readFile(path.join(DEMO_MEDIA_DIR, post.captions)));
      entry.captionsUrl = (
        await storage.put(`captions/demo/${post.captions}`, bytes, "text/vtt; charset=utf-8")
      ).url;
    }
    return [post.slug, entry] as const;
  });
  return new Map(await Promise.all(jobs));
}

/** The demo's ~200 smaller copies are made on a first start: the quicker WebP encoding. */
const FAST = { effort: 2 };

async function storeDemoImages(storage: Storage, siteName: string): Promise<DemoImages> {
  const categoryNames = new Map<string, string>(NAMED_CATEGORIES.map((c) => [c.slug, c.name]));
  const postJobs = DEMO_POSTS.filter((post) => post.image !== false).map(async (post) => {
    const bytes = await renderFeaturedImage({
      title: post.title,
      label: categoryNames.get(post.category) ?? "Uncategorized",
      palette: CATEGORY_PALETTES[post.category] ?? CATEGORY_PALETTES.uncategorized!,
      siteName,
    });
    const { url } = await storeResponsiveImage(storage, `demo/posts/${post.slug}`, bytes, FAST);
    return [post.slug, url] as const;
  });
  const portraitJobs = DEMO_PEOPLE.filter((person) => person.photo).map(async (person, index) => {
    const bytes = await renderPortrait({ name: person.fullName, index });
    const { url } = await storeResponsiveImage(
      storage,
      `demo/profiles/${person.username}`,
      bytes,
      FAST,
    );
    return [person.username, url] as const;
  });
  const bannerJob = renderBanner({
    heading: "Expanding to the UK?",
    body: "Company formation, visas and contracts for founders from India.",
    cta: "Book a free call",
    palette: ["#0f2a4a", "#087e8b"],
  }).then((bytes) => storeResponsiveImage(storage, "demo/banners/sidebar", bytes, FAST));

  const [postUrls, portraitUrls, banner, media] = await Promise.all([
    Promise.all(postJobs),
    Promise.all(portraitJobs),
    bannerJob,
    storeDemoMedia(storage),
  ]);
  return {
    posts: new Map(postUrls),
    portraits: new Map(portraitUrls),
    sidebarBanner: banner.url,
    media,
  };
}

// ---------------------------------------------------------------------- writes

type Context = {
  tx: Transaction;
  now: number;
  images: DemoImages;
  random: () => number;
  /** username → user id */
  userIds: Map<string, string>;
  people: Map<string, DemoPerson>;
};

function joinedAt(ctx: Context, username: string): number {
  return ctx.now - mustGet(ctx.people, username, "person").joinedDaysAgo * DAY;
}

async function insertPeople(ctx: Context, hashes: string[]): Promise<void> {
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

type InsertedPost = { id: string; post: DemoPost; publishedAt: number | null };

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

async function insertPosts(ctx: Context): Promise<Map<string, InsertedPost>> {
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
    .returning({ id: posts.id, slug: posts.slug });
  const bySlug = new Map(DEMO_POSTS.map((p) => [p.slug, p]));
  const publishedBySlug = new Map(rows.map((r) => [r.slug, r.publishedAt?.getTime() ?? null]));
  return new Map(
    inserted.map((row) => [
      row.slug,
      {
        id: row.id,
        post: mustGet(bySlug, row.slug, "post"),
        publishedAt: publishedBySlug.get(row.slug) ?? null,
      },
    ]),
  );
}

async function insertTags(ctx: Context, inserted: Map<string, InsertedPost>): Promise<void> {
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

async function insertComments(ctx: Context, inserted: Map<string, InsertedPost>): Promise<void> {
  const latest = ctx.now - 10 * 60_000;
  const threads = DEMO_THREADS.map((thread) => {
    const post = mustGet(inserted, thread.post, "post");
    if (post.publishedAt === null)
      throw new Error(`Demo comment on unpublished post ${thread.post}`);
    const at = clampTime(
      post.publishedAt + thread.afterHours * HOUR,
      joinedAt(ctx, thread.author) + HOUR,
      latest,
    );
    return { thread, postId: post.id, at };
  });
  const parents = await ctx.tx
    .insert(comments)
    .values(
      threads.map(({ thread, postId, at }) => ({
        postId,
        authorId: mustGet(ctx.userIds, thread.author, "author"),
        content: thread.text,
        isDeleted: thread.deleted === true,
        createdAt: at,
      })),
    )
    .returning({ id: comments.id });

  const replies = threads.flatMap(({ thread, postId, at }, i) =>
    (thread.replies ?? []).map((reply, j) => ({
      reply,
      row: {
        postId,
        parentId: parents[i]!.id,
        authorId: mustGet(ctx.userIds, reply.author, "author"),
        content: reply.text,
        createdAt: clampTime(at.getTime() + (j + 1) * 150 * 60_000, at.getTime() + 60_000, latest),
      },
    })),
  );
  const replyIds =
    replies.length > 0
      ? await ctx.tx
          .insert(comments)
          .values(replies.map((r) => r.row))
          .returning({ id: comments.id })
      : [];

  // like_count follows from these rows (trigger in migration 0001).
  const likes = [
    ...threads.flatMap(({ thread, at }, i) =>
      (thread.likes ?? []).map((username) => ({ username, commentId: parents[i]!.id, at })),
    ),
    ...replies.flatMap(({ reply, row }, i) =>
      (reply.likes ?? []).map((username) => ({
        username,
        commentId: replyIds[i]!.id,
        at: row.createdAt,
      })),
    ),
  ].map(({ username, commentId, at }) => ({
    commentId,
    userId: mustGet(ctx.userIds, username, "liker"),
    createdAt: clampTime(at.getTime() + 45 * 60_000, joinedAt(ctx, username), latest),
  }));
  if (likes.length > 0) await ctx.tx.insert(commentLikes).values(likes);
}

async function insertFollows(ctx: Context): Promise<void> {
  const rows = DEMO_FOLLOWS.map((f) => ({
    followerId: mustGet(ctx.userIds, f.follower, "follower"),
    followingId: mustGet(ctx.userIds, f.following, "followed person"),
    createdAt: new Date(ctx.now - f.daysAgo * DAY),
  }));
  await ctx.tx.insert(follows).values(rows);
  // The follow notification carries the follower's full name and username (docs/product/community.md#follows).
  await ctx.tx.insert(notifications).values(
    DEMO_FOLLOWS.map((f, i) => {
      const follower = mustGet(ctx.people, f.follower, "follower");
      return {
        userId: rows[i]!.followingId,
        type: "follow" as const,
        title: "New follower",
        message: `${follower.fullName} (@${follower.username}) started following you.`,
        link: `/user/${follower.username}`,
        isRead: f.daysAgo > 7,
        createdAt: rows[i]!.createdAt,
      };
    }),
  );
}

async function insertFavorites(ctx: Context, inserted: Map<string, InsertedPost>): Promise<void> {
  const published = [...inserted.values()].filter((p) => p.publishedAt !== null);
  const rows: (typeof favorites.$inferInsert)[] = [];
  for (const person of DEMO_PEOPLE) {
    if (person.status !== "approved" || person.role !== "user") continue;
    const joined = joinedAt(ctx, person.username);
    const candidates = published.filter((p) => p.publishedAt! > joined);
    const count = 3 + Math.floor(ctx.random() * 4);
    const chosen = new Set<InsertedPost>();
    while (chosen.size < Math.min(count, candidates.length)) {
      chosen.add(candidates[Math.floor(ctx.random() * candidates.length)]!);
    }
    for (const post of chosen) {
      rows.push({
        userId: mustGet(ctx.userIds, person.username, "person"),
        postId: post.id,
        createdAt: clampTime(post.publishedAt! + 6 * HOUR, joined, ctx.now - HOUR),
      });
    }
  }
  await ctx.tx.insert(favorites).values(rows);
}

async function insertAccountNotifications(ctx: Context): Promise<void> {
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const person of DEMO_PEOPLE) {
    const userId = mustGet(ctx.userIds, person.username, "person");
    const joined = joinedAt(ctx, person.username);
    if (person.status === "approved" && person.role !== "admin") {
      rows.push({
        userId,
        type: "approval",
        title: "Your account has been approved",
        message: "Welcome to FounderBridge! You can now comment, save posts and follow mentors.",
        link: "/",
        isRead: true,
        createdAt: new Date(joined + DAY),
      });
    }
    if (person.role === "mentor") {
      rows.push({
        userId,
        type: "promotion",
        title: "You are now a mentor",
        message: "An admin has made you a mentor. You can now write posts from the Write button.",
        link: "/create-post",
        isRead: person.username !== "arjun_nair",
        createdAt: new Date(joined + 3 * DAY),
      });
    }
  }
  await ctx.tx.insert(notifications).values(rows);
}

async function insertBroadcasts(ctx: Context): Promise<void> {
  const adminId = mustGet(ctx.userIds, "meera_iyer", "admin");
  for (const broadcast of DEMO_BROADCASTS) {
    const sentAt = new Date(ctx.now - broadcast.daysAgo * DAY);
    const recipients = DEMO_PEOPLE.filter(
      (p) =>
        p.status === broadcast.statusFilter &&
        (broadcast.roleFilter === "all" || p.role === broadcast.roleFilter),
    );
    const [row] = await ctx.tx
      .insert(broadcasts)
      .values({
        title: broadcast.title,
        message: broadcast.message,
        link: broadcast.link,
        roleFilter: broadcast.roleFilter,
        statusFilter: broadcast.statusFilter,
        recipientCount: recipients.length,
        sentBy: adminId,
        createdAt: sentAt,
      })
      .returning({ id: broadcasts.id });
    await ctx.tx.insert(notifications).values(
      recipients.map((p) => ({
        userId: mustGet(ctx.userIds, p.username, "recipient"),
        type: "broadcast" as const,
        title: broadcast.title,
        message: broadcast.message,
        link: broadcast.link,
        isRead: broadcast.title !== UNREAD_BROADCAST_TITLE,
        broadcastId: row!.id,
        createdAt: sentAt,
      })),
    );
  }
}

/**
 * Marks the demo as loaded; fills the banner settings only where an admin has
 * not; on the embedded demo site, stops requiring a second factor of admins.
 */
async function updateSiteSettings(ctx: Context, demoSite: boolean): Promise<void> {
  await ctx.tx
    .update(siteSettings)
    .set({
      ...(demoSite ? { requireAdminTwoFactor: false } : {}),
      demoContentLoadedAt: new Date(ctx.now),
      defaultSidebarBannerUrl: sql`coalesce(${siteSettings.defaultSidebarBannerUrl}, ${ctx.images.sidebarBanner})`,
      defaultSidebarBannerLink: sql`coalesce(${siteSettings.defaultSidebarBannerLink}, '/partner-with-us')`,
      headerBannerText: sql`coalesce(${siteSettings.headerBannerText}, ${"Expanding between the UK and India? Our legal partner offers members a free 30-minute call on company formation and visas."})`,
      headerBannerLink: sql`coalesce(${siteSettings.headerBannerLink}, '/partner-with-us')`,
    })
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
}

// ------------------------------------------------------------------------ main

/**
 * Loads the demo content unless it is already there (see the file comment).
 * All rows are written in one transaction: a failed run leaves nothing behind
 * and can simply be repeated. Images are written first; a repeated run
 * overwrites them with identical files.
 */
export async function seedDemo(
  db: Database,
  storage: Storage,
  opts: SeedDemoOptions = {},
): Promise<SeedDemoResult> {
  const log = opts.log ?? (() => {});
  const started = Date.now();

  await ensureReservedRows(db);
  if (await isDemoLoaded(db)) {
    log("Demo content is already loaded; nothing changed.");
    return { created: false, accounts: await existingDemoAccounts(db) };
  }

  const passwords = DEMO_PEOPLE.map(() => generateDemoPassword());
  const [hashes, images] = await Promise.all([
    Promise.all(passwords.map((password) => hashPassword(password))),
    storeDemoImages(storage, opts.siteName ?? "FounderBridge"),
  ]);
  log(
    `Prepared ${passwords.length} passwords and ${images.posts.size + images.portraits.size + 1} images.`,
  );

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    // Another process may have finished while this one waited for the lock.
    if (await isDemoLoaded(tx)) return false;
    const ctx: Context = {
      tx,
      now: Date.now(),
      images,
      random: seededRandom(20_240_611),
      userIds: new Map(DEMO_PEOPLE.map((p) => [p.username, randomUUID()])),
      people: new Map(DEMO_PEOPLE.map((p) => [p.username, p])),
    };
    await insertPeople(ctx, hashes);
    const inserted = await insertPosts(ctx);
    await insertTags(ctx, inserted);
    await insertComments(ctx, inserted);
    await insertFollows(ctx);
    await insertFavorites(ctx, inserted);
    await insertAccountNotifications(ctx);
    await insertBroadcasts(ctx);
    await updateSiteSettings(ctx, opts.demoSite ?? false);
    return true;
  });

  if (!created) {
    log("Demo content was loaded by another process; nothing changed.");
    return { created: false, accounts: await existingDemoAccounts(db) };
  }
  log(
    `Demo content loaded in ${Date.now() - started} ms: ${DEMO_PEOPLE.length} accounts, ${DEMO_POSTS.length} posts.`,
  );
  return {
    created: true,
    accounts: DEMO_PEOPLE.map((person, i) => ({
      role: person.role,
      status: person.status,
      email: person.email,
      username: person.username,
      password: passwords[i]!,
    })),
  };
}
