import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { username } from "better-auth/plugins/username";
import { eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countAllTables, countRows, queryRows } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { createLocalStorage, type LocalStorage } from "../storage/local";
import type { Database } from "./client";
import * as schema from "./schema";
import { posts, profiles, siteSettings } from "./schema";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_PASSWORD_UNCHANGED,
  readingTimeMinutes,
  seedDemo,
  type SeedDemoResult,
} from "./seed-demo";

const testDb = testDatabaseForThisFile({ resetBetweenTests: false });
let db: Database;
let storage: LocalStorage;
let uploads: string;
let first: SeedDemoResult;

beforeAll(async () => {
  db = testDb.db;
  uploads = await mkdtemp(path.join(tmpdir(), "fb-demo-"));
  storage = createLocalStorage({ root: uploads, publicPath: "/uploads" });
  first = await seedDemo(db, storage);
});

afterAll(async () => {
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

/** docs/product/reading.md: at least 8 characters with an upper-case letter, a lower-case letter and a digit. */
const SIGN_UP_PASSWORD = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{8,}$/;

describe("seedDemo, first run", () => {
  // How long seeding takes is measured by the README's first-start figure, not asserted here.
  it("reports that it created the content", () => {
    expect(first.created).toBe(true);
  });

  it("returns 1 admin, 3 mentors and 10 members, with fresh sign-up-grade passwords", () => {
    const byRole = (role: string) => first.accounts.filter((a) => a.role === role);
    expect(byRole("admin")).toHaveLength(1);
    expect(byRole("mentor")).toHaveLength(3);
    expect(byRole("user")).toHaveLength(10);
    expect(new Set(byRole("user").map((a) => a.status))).toEqual(
      new Set(["pending", "approved", "blocked"]),
    );
    expect(first.accounts[0]!.email).toBe(DEMO_ADMIN_EMAIL);
    for (const account of first.accounts) expect(account.password).toMatch(SIGN_UP_PASSWORD);
    expect(new Set(first.accounts.map((a) => a.password)).size).toBe(first.accounts.length);
  });

  it("stores users, credential accounts and profiles that agree", async () => {
    const rows = await queryRows<{
      id: string;
      email: string;
      username: string;
      email_verified: boolean;
      profile_email: string;
      role: string;
      status: string;
      user_type: string | null;
      credential_accounts: number;
      password: string | null;
    }>(
      db,
      sql`SELECT u.id, u.email, u.username, u.email_verified, p.email AS profile_email, p.role, p.status,
                 p.user_type, count(a.id)::int AS credential_accounts, max(a.password) AS password
          FROM users u
          JOIN profiles p ON p.id = u.id
          LEFT JOIN accounts a ON a.user_id = u.id AND a.provider_id = 'credential' AND a.account_id = u.id
          GROUP BY u.id, p.id`,
    );
    expect(rows).toHaveLength(14);
    expect(await countRows(db, "users")).toBe(14);
    expect(await countRows(db, "accounts")).toBe(14);
    for (const row of rows) {
      expect(row.profile_email).toBe(row.email);
      expect(row.credential_accounts).toBe(1);
      // Better Auth's scrypt format: hex salt, a colon, hex key.
      expect(row.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    }
    const unverified = rows.filter((r) => !r.email_verified);
    expect(unverified).toHaveLength(1);
    expect(unverified[0]!.status).toBe("pending");
    const memberTypes = new Set(rows.filter((r) => r.role === "user").map((r) => r.user_type));
    for (const type of [
      "Student",
      "Aspiring Entrepreneur",
      "Entrepreneur",
      "Working Professional",
    ]) {
      expect(memberTypes).toContain(type);
    }
  });

  it("lets Better Auth sign the accounts in with the returned passwords", async () => {
    const auth = betterAuth({
      secret: randomBytes(32).toString("hex"),
      baseURL: "http://localhost:3000",
      database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true }),
      emailAndPassword: { enabled: true, requireEmailVerification: true },
      plugins: [username()],
      logger: { disabled: true },
      telemetry: { enabled: false },
    });
    const admin = first.accounts[0]!;
    const byEmail = await auth.api.signInEmail({
      body: { email: admin.email, password: admin.password },
    });
    expect(byEmail.user.email).toBe(admin.email);
    const mentor = first.accounts.find((a) => a.role === "mentor")!;
    const byUsername = await auth.api.signInUsername({
      body: { username: mentor.username, password: mentor.password },
    });
    expect(byUsername?.token).toEqual(expect.any(String));
    await expect(
      auth.api.signInEmail({ body: { email: admin.email, password: first.accounts[1]!.password } }),
    ).rejects.toMatchObject({ body: { code: "INVALID_EMAIL_OR_PASSWORD" } });
  });

  it("writes 40 posts over all 7 categories, both types, with drafts, pending and featured posts", async () => {
    const rows = await db
      .select({ post: posts, categorySlug: schema.categories.slug, authorRole: profiles.role })
      .from(posts)
      .innerJoin(schema.categories, eq(schema.categories.id, posts.categoryId))
      .innerJoin(profiles, eq(profiles.id, posts.authorId));
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.categorySlug)).size).toBe(7);
    expect(new Set(rows.map((r) => r.post.postType))).toEqual(new Set(["blog", "external_link"]));
    const byStatus = (status: string) => rows.filter((r) => r.post.status === status);
    expect(byStatus("draft").length).toBeGreaterThanOrEqual(2);
    expect(byStatus("pending").length).toBeGreaterThanOrEqual(1);
    expect(byStatus("pending").length).toBeLessThanOrEqual(2);
    const featured = rows.filter((r) => r.post.isFeatured);
    expect(featured.length).toBeGreaterThanOrEqual(4);
    for (const { post } of featured) expect(post.status).toBe("published");
    for (const { authorRole } of rows) expect(["mentor", "admin"]).toContain(authorRole);
  });

  it("dates published posts over the last ~90 days and leaves the others unpublished", async () => {
    const all = await db.select().from(posts);
    const now = Date.now();
    const ages = all
      .filter((p) => p.status === "published")
      .map((p) => (now - p.publishedAt!.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(Math.max(...ages)).toBeGreaterThan(60);
    expect(Math.max(...ages)).toBeLessThan(92);
    for (const post of all.filter((p) => p.status !== "published"))
      expect(post.publishedAt).toBeNull();
  });

  it("gives blog posts real HTML bodies and the spec's reading times", async () => {
    const all = await db.select().from(posts);
    const blogs = all.filter((p) => p.postType === "blog");
    const links = all.filter((p) => p.postType === "external_link");
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const post of links) {
      expect(post.externalUrl).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+\//);
      expect(post.readingTimeMinutes).toBe(5);
    }
    for (const post of blogs) {
      expect(post.externalUrl).toBeNull();
      const words = post.content
        .replace(/<[^>]*>/g, " ")
        .split(/\s+/)
        .filter(Boolean).length;
      expect(post.readingTimeMinutes).toBe(Math.max(1, Math.ceil(words / 200)));
      expect(post.excerpt).toBeTruthy();
    }
    // Drafts may be rough notes; what readers see is structured.
    const published = blogs.filter((p) => p.status === "published");
    for (const post of published) {
      expect(post.content).toMatch(/<h2>/);
      expect(post.content).toMatch(/<(ul|ol)>/);
      expect(post.content.split("<p>").length).toBeGreaterThan(2);
    }
    expect(published.filter((p) => /<a href=/.test(p.content)).length).toBeGreaterThan(
      published.length / 2,
    );
    expect(Math.max(...blogs.map((p) => p.readingTimeMinutes))).toBeGreaterThanOrEqual(2);
  });

  it("stores 1200x630 WebP featured images and 500x500 mentor portraits, with smaller copies, through the storage", async () => {
    const all = await db.select().from(posts);
    const withImage = all.filter((p) => p.featuredImageUrl);
    expect(all.filter((p) => p.status === "published").every((p) => p.featuredImageUrl)).toBe(true);
    for (const post of withImage) {
      expect(post.featuredImageUrl).toBe(storage.url(`demo/posts/${post.slug}.1200x630.webp`));
    }
    const sample = withImage[0]!;
    const meta = await sharp(
      path.join(uploads, "demo", "posts", `${sample.slug}.1200x630.webp`),
    ).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1200, height: 630 });
    for (const width of [96, 160, 320, 640, 960]) {
      const copy = await sharp(
        path.join(uploads, "demo", "posts", `${sample.slug}.1200x630.${width}w.webp`),
      ).metadata();
      expect(copy).toMatchObject({
        format: "webp",
        width,
        height: Math.round((width * 630) / 1200),
      });
    }

    const mentors = await db.select().from(profiles).where(eq(profiles.role, "mentor"));
    for (const mentor of mentors) {
      expect(mentor.profilePhotoUrl).toBe(
        storage.url(`demo/profiles/${mentor.username}.500x500.webp`),
      );
      const portrait = await sharp(
        path.join(uploads, "demo", "profiles", `${mentor.username}.500x500.webp`),
      ).metadata();
      expect(portrait).toMatchObject({ format: "webp", width: 500, height: 500 });
    }
    // The image and its copies at 96, 160, 320, 640 and 960 pixels.
    expect((await storage.list("demo/posts/")).length).toBe(withImage.length * 6);
  });

  it("gives two podcasts a WAV chime and an event an MP4 video, written into the storage", async () => {
    const all = await db.select().from(posts);
    const withAudio = all.filter((p) => p.featuredAudioUrl);
    expect(withAudio.map((p) => p.slug).sort()).toEqual([
      "episode-11-from-hostel-room-to-series-a",
      "episode-12-building-a-fintech-bridge-between-mumbai-and-london",
    ]);
    for (const post of withAudio) {
      expect(post.audioType).toBe("wav");
      expect(post.featuredAudioUrl).toBe(storage.url(`demo/audio/${post.slug}.wav`));
      const wav = await readFile(path.join(uploads, "demo", "audio", `${post.slug}.wav`));
      expect(wav.subarray(0, 4).toString("ascii")).toBe("RIFF");
      expect(wav.subarray(8, 16).toString("ascii")).toBe("WAVEfmt ");
      expect(wav.readUInt32LE(24)).toBe(16_000); // sample rate
      expect(wav.readUInt32LE(40)).toBe(wav.length - 44); // the data chunk fills the file
      expect(wav.length).toBeGreaterThan(40_000);
      expect(wav.length).toBeLessThan(200_000);
    }
    const withVideo = all.filter((p) => p.featuredVideoUrl);
    expect(withVideo.map((p) => p.slug)).toEqual(["bengaluru-office-hours-with-our-mentors"]);
    expect(withVideo[0]!.featuredVideoUrl).toBe(
      storage.url("demo/video/bengaluru-office-hours.mp4"),
    );
    expect(withVideo[0]!.featuredImageUrl).toBeTruthy();
    const mp4 = await readFile(path.join(uploads, "demo", "video", "bengaluru-office-hours.mp4"));
    expect(mp4.subarray(4, 8).toString("ascii")).toBe("ftyp");
    // Its captions (docs/decisions/0113), stored as the post form stores them.
    expect(withVideo[0]).toMatchObject({
      captionsUrl: storage.url("captions/demo/bengaluru-office-hours.vtt"),
      captionsLang: "en",
      captionsLabel: "English",
    });
    const vtt = await readFile(
      path.join(uploads, "captions", "demo", "bengaluru-office-hours.vtt"),
    );
    expect(vtt.toString("utf8")).toMatch(/^WEBVTT\n/);
  });

  it("gives the Events category's posts real events, upcoming and past (docs/decisions/0115)", async () => {
    const rows = await queryRows<{
      slug: string;
      starts: Date;
      ends: Date;
      zone: string;
      venue: string | null;
      online: string | null;
    }>(
      db,
      sql`SELECT p.slug, p.event_starts_at AS starts, p.event_ends_at AS ends,
            p.event_time_zone AS zone, p.event_venue AS venue, p.event_online_url AS online
          FROM posts p JOIN categories c ON c.id = p.category_id
          WHERE p.event_starts_at IS NOT NULL`,
    );
    const now = Date.now();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => new Date(r.ends).getTime() > now).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => new Date(r.ends).getTime() <= now).length).toBeGreaterThanOrEqual(1);
    expect(new Set(rows.map((r) => r.zone))).toEqual(new Set(["Europe/London", "Asia/Kolkata"]));
    for (const row of rows) {
      expect(new Date(row.ends).getTime()).toBeGreaterThan(new Date(row.starts).getTime());
      expect(row.venue || row.online, row.slug).toBeTruthy();
    }
    // Every event is in the Events category.
    expect(
      await countRows(
        db,
        "posts",
        sql`event_starts_at IS NOT NULL AND category_id <> (SELECT id FROM categories WHERE slug = 'events')`,
      ),
    ).toBe(0);
    // Bengaluru's office hours start at 10:00 in Bengaluru.
    const bengaluru = rows.find((r) => r.slug === "bengaluru-office-hours-with-our-mentors")!;
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Kolkata",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(bengaluru.starts));
    expect(local).toBe("10:00");
  });

  it("tags every post, with usage counts that match the links", async () => {
    const untagged = await countRows(db, "posts", sql`id NOT IN (SELECT post_id FROM post_tags)`);
    expect(untagged).toBe(0);
    const mismatched = await queryRows<{ slug: string }>(
      db,
      sql`SELECT t.slug FROM tags t
          WHERE t.usage_count <> (SELECT count(*) FROM post_tags pt WHERE pt.tag_id = t.id)`,
    );
    expect(mismatched).toEqual([]);
    expect(await countRows(db, "tags")).toBeGreaterThanOrEqual(10);
  });

  it("adds comments with one reply level, likes and counters that agree", async () => {
    expect(await countRows(db, "comments", sql`parent_id IS NULL`)).toBeGreaterThanOrEqual(10);
    expect(await countRows(db, "comments", sql`parent_id IS NOT NULL`)).toBeGreaterThanOrEqual(5);
    expect(await countRows(db, "comments", sql`is_deleted`)).toBeGreaterThanOrEqual(1);
    expect(await countRows(db, "comment_likes")).toBeGreaterThanOrEqual(10);
    const nested = await countRows(
      db,
      "comments",
      sql`parent_id IN (SELECT id FROM comments WHERE parent_id IS NOT NULL)`,
    );
    expect(nested).toBe(0);
    const wrongCommentCounts = await countRows(
      db,
      "posts",
      sql`comment_count <> (SELECT count(*) FROM comments c WHERE c.post_id = posts.id AND NOT c.is_deleted)`,
    );
    expect(wrongCommentCounts).toBe(0);
    const wrongLikeCounts = await countRows(
      db,
      "comments",
      sql`like_count <> (SELECT count(*) FROM comment_likes l WHERE l.comment_id = comments.id)`,
    );
    expect(wrongLikeCounts).toBe(0);
    const byOutsiders = await countRows(
      db,
      "comments",
      sql`author_id IN (SELECT id FROM profiles WHERE status <> 'approved')`,
    );
    expect(byOutsiders).toBe(0);
    const onUnpublished = await countRows(
      db,
      "comments",
      sql`post_id IN (SELECT id FROM posts WHERE status <> 'published')`,
    );
    expect(onUnpublished).toBe(0);
  });

  it("has follows only towards mentors and admins, never of oneself", async () => {
    expect(await countRows(db, "follows")).toBeGreaterThanOrEqual(5);
    const wrongTarget = await countRows(
      db,
      "follows",
      sql`following_id IN (SELECT id FROM profiles WHERE role = 'user') OR follower_id = following_id`,
    );
    expect(wrongTarget).toBe(0);
    expect(await countRows(db, "favorites")).toBeGreaterThanOrEqual(10);
  });

  it("has notifications of every type, broadcasts with matching recipients", async () => {
    const types = await queryRows<{ type: string; n: number }>(
      db,
      sql`SELECT type::text AS type, count(*)::int AS n FROM notifications GROUP BY type ORDER BY type`,
    );
    expect(types.map((t) => t.type)).toEqual(["approval", "broadcast", "follow", "promotion"]);
    const follows = await countRows(db, "follows");
    expect(types.find((t) => t.type === "follow")!.n).toBe(follows);
    expect(
      await countRows(db, "notifications", sql`type = 'broadcast' AND broadcast_id IS NULL`),
    ).toBe(0);
    expect(
      await countRows(db, "notifications", sql`type <> 'broadcast' AND broadcast_id IS NOT NULL`),
    ).toBe(0);
    expect(await countRows(db, "broadcasts")).toBeGreaterThanOrEqual(1);
    const wrongRecipientCounts = await countRows(
      db,
      "broadcasts",
      sql`recipient_count <> (SELECT count(*) FROM notifications n WHERE n.broadcast_id = broadcasts.id)`,
    );
    expect(wrongRecipientCounts).toBe(0);
    expect(await countRows(db, "notifications", sql`NOT is_read`)).toBeGreaterThan(0);
  });

  it("records when the demo content was loaded", async () => {
    const [settings] = await db.select().from(siteSettings);
    expect(settings!.demoContentLoadedAt).toBeInstanceOf(Date);
    expect(Date.now() - settings!.demoContentLoadedAt!.getTime()).toBeLessThan(120_000);
  });

  it("produces the spec's reading time from HTML", () => {
    expect(readingTimeMinutes("")).toBe(1);
    expect(readingTimeMinutes(`<p>${"word ".repeat(200)}</p>`)).toBe(1);
    expect(readingTimeMinutes(`<p>${"word ".repeat(201)}</p>`)).toBe(2);
    expect(readingTimeMinutes(`<h2>a</h2><p>b<strong>c</strong></p>`)).toBe(1);
  });
});

describe("seedDemo, later runs", () => {
  it("changes nothing and lists the accounts without passwords", async () => {
    const before = await countAllTables(db);
    const files = await storage.list();
    const again = await seedDemo(db, storage);
    expect(again.created).toBe(false);
    expect(await countAllTables(db)).toEqual(before);
    expect(await storage.list()).toEqual(files);
    expect(again.accounts).toEqual(
      first.accounts.map((a) => ({ ...a, password: DEMO_PASSWORD_UNCHANGED })),
    );
  });

  it("reports accounts as they are now, e.g. after an admin approved someone", async () => {
    const pending = first.accounts.find((a) => a.status === "pending")!;
    await db
      .update(profiles)
      .set({ status: "approved" })
      .where(eq(profiles.username, pending.username));
    const again = await seedDemo(db, storage);
    expect(again.accounts.find((a) => a.username === pending.username)!.status).toBe("approved");
  });

  it("still detects the content when only the admin account remains as evidence", async () => {
    await db.update(siteSettings).set({ demoContentLoadedAt: null });
    const before = await countAllTables(db);
    expect((await seedDemo(db, storage)).created).toBe(false);
    expect(await countAllTables(db)).toEqual(before);
  });

  it("creates the content exactly once when two seeders race", async () => {
    await testDb.reset();
    // As a new site has it (the harness turns it off).
    await db.update(siteSettings).set({ requireAdminTwoFactor: true });
    const results = await Promise.all([seedDemo(db, storage), seedDemo(db, storage)]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    // Not the embedded demo site (no `demoSite`): admins still need a second factor (decision 0168).
    const [settings] = await db.select().from(siteSettings);
    expect(settings!.requireAdminTwoFactor).toBe(true);
    expect(await countRows(db, "posts")).toBe(40);
    expect(await countRows(db, "profiles")).toBe(14);
    expect(existsSync(path.join(uploads, "demo", "banners", "sidebar.600x500.webp"))).toBe(true);
  });
});

describe("seedDemo, counted views (docs/decisions/0261)", () => {
  it("counts views on most of the last 30 days, so that Analytics draws a chart", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const days = await queryRows<{ day: string; views: number }>(
      db,
      sql`SELECT day::text AS day, sum(views)::int AS views FROM post_daily_views
          WHERE day BETWEEN ${monthAgo} AND ${today} GROUP BY day`,
    );
    expect(days.length).toBeGreaterThanOrEqual(25);
    for (const { views } of days) expect(views).toBeGreaterThan(0);
    // No post counts more views in those days than its view_count, nor any before it was published.
    const over = await queryRows<{ slug: string }>(
      db,
      sql`SELECT p.slug FROM posts p JOIN post_daily_views v ON v.post_id = p.id
          GROUP BY p.id HAVING sum(v.views) > p.view_count
             OR min(v.day) < (p.published_at AT TIME ZONE 'UTC')::date OR bool_or(p.status <> 'published')`,
    );
    expect(over).toEqual([]);
  });
});
