/**
 * The rules the database keeps by itself (schema.ts and migration 0001),
 * proven against a real database: in-memory PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq, sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  countRows,
  createComment,
  createPost,
  createTag,
  createUser,
  expectDbError,
  queryRows,
  type TestUser,
} from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import type { Database } from "./client";
import { migrateDatabase, MIGRATIONS_DIR } from "./migrate";
import {
  accounts,
  bannedWords,
  categories,
  commentLikes,
  comments,
  favorites,
  follows,
  notifications,
  posts,
  postTags,
  profiles,
  sessions,
  SITE_SETTINGS_ID,
  siteSettings,
  tags,
  UNCATEGORIZED_ID,
  urlRedirects,
  users,
} from "./schema";

const testDb = testDatabaseForThisFile();
let db: Database;

beforeAll(() => {
  db = testDb.db;
});

const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";
const RESTRICT_VIOLATION = "23001";
const INVALID_TEXT = "22P02";

async function postOf(id: string) {
  const [row] = await db.select().from(posts).where(eq(posts.id, id));
  return row;
}

// ------------------------------------------------------------------ migrations

describe("migrations", () => {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string }[] };

  it("records every migration of the journal as applied", async () => {
    const applied = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(journal.entries.length).toBeGreaterThanOrEqual(2);
    expect(applied[0]!.n).toBe(journal.entries.length);
  });

  it("creates every table of the data model and the pg_trgm extension", async () => {
    const tables = await queryRows<{ tablename: string }>(
      db,
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual([
      "accounts",
      "admin_audit_log",
      "banned_words",
      "broadcasts",
      "categories",
      "comment_likes",
      "comments",
      "content_api_keys",
      "cookie_consents",
      "favorites",
      "follows",
      "idempotency_keys",
      "login_attempts",
      "mail_deliveries",
      "notification_preferences",
      "notifications",
      "post_announcements",
      "post_daily_views",
      "post_preview_links",
      "post_revisions",
      "post_tags",
      "post_views",
      "posts",
      "profiles",
      "rate_limits",
      "reports",
      "sessions",
      "signup_attempts",
      "site_settings",
      "tags",
      "two_factors",
      "url_redirects",
      "users",
      "verifications",
      "webhook_deliveries",
      "webhooks",
    ]);
    const extensions = await queryRows<{ extname: string }>(
      db,
      sql`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`,
    );
    expect(extensions).toHaveLength(1);
  });

  it("is a no-op when run again", async () => {
    await migrateDatabase(testDb.handle);
    expect(await countRows(db, "categories")).toBe(7);
    const applied = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(applied[0]!.n).toBe(journal.entries.length);
  });

  it("fills the generated search columns from title, excerpt and the body's text", async () => {
    const author = await createUser(db, { role: "mentor" });
    const post = await createPost(db, {
      authorId: author.id,
      title: "Visa Guide",
      excerpt: "For Founders",
      content: "<p>Innovator <strong>endorsement</strong></p>",
    });
    const [row] = await queryRows<{ search_text: string; matches: boolean }>(
      db,
      sql`SELECT search_text, search_vector @@ plainto_tsquery('english', 'endorsement') AS matches
          FROM posts WHERE id = ${post.id}`,
    );
    expect(row!.search_text).toMatch(/^visa guide for founders\s+innovator\s+endorsement\s*$/);
    expect(row!.matches).toBe(true);
  });
});

// ----------------------------------------------------------------------- enums

describe("enumerations", () => {
  const enums: [string, string[]][] = [
    ["role", ["user", "mentor", "admin"]],
    ["account_status", ["pending", "approved", "blocked"]],
    [
      "user_type",
      ["Student", "Aspiring Entrepreneur", "Entrepreneur", "Working Professional", "Mentor"],
    ],
    ["post_type", ["blog", "external_link"]],
    ["post_status", ["draft", "pending", "published"]],
    ["audio_type", ["mp3", "mp4", "wav", "embed"]],
    // The spec's four, then the community's own (docs/milestones.md#issue-20-members-come-back, decision 0120).
    [
      "notification_type",
      ["follow", "approval", "promotion", "broadcast", "reply", "comment", "new_post", "mention"],
    ],
    ["report_reason", ["spam", "abuse", "off_topic", "other"]],
    ["report_status", ["open", "dismissed", "actioned"]],
    ["schema_type", ["NewsArticle", "BlogPosting", "Article"]],
    ["broadcast_role_filter", ["all", "user", "mentor", "admin"]],
    ["broadcast_status_filter", ["approved", "all", "pending", "blocked"]],
  ];

  it.each(enums)("%s holds exactly the spec's values", async (type, values) => {
    const rows = await queryRows<{ enumlabel: string }>(
      db,
      sql`SELECT e.enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
          WHERE t.typname = ${type} ORDER BY e.enumsortorder`,
    );
    expect(rows.map((r) => r.enumlabel)).toEqual(values);
  });

  it.each(enums)("%s rejects a value outside it", async (type) => {
    await expectDbError(db.execute(sql`SELECT ${"not-a-value"}::${sql.identifier(type)}`), {
      code: INVALID_TEXT,
    });
  });

  it("rejects a bad value written through a column", async () => {
    const user = await createUser(db);
    await expectDbError(
      db
        .update(profiles)
        .set({ role: "superuser" as never })
        .where(eq(profiles.id, user.id)),
      { code: INVALID_TEXT },
    );
    await expectDbError(createPost(db, { authorId: user.id, status: "archived" as never }), {
      code: INVALID_TEXT,
    });
    await expectDbError(
      db.insert(notifications).values({ userId: user.id, type: "like" as never, title: "x" }),
      { code: INVALID_TEXT },
    );
  });
});

// ------------------------------------------------------------ unique constraints

describe("unique constraints", () => {
  let author: TestUser;
  let member: TestUser;
  beforeEach(async () => {
    author = await createUser(db, { role: "mentor" });
    member = await createUser(db);
  });

  it("post slugs", async () => {
    await createPost(db, { authorId: author.id, slug: "same-slug" });
    await expectDbError(createPost(db, { authorId: member.id, slug: "same-slug" }), {
      code: UNIQUE_VIOLATION,
      constraint: "posts_slug_key",
    });
  });

  it("category slugs, including the reserved ones", async () => {
    await expectDbError(db.insert(categories).values({ name: "News again", slug: "news" }), {
      code: UNIQUE_VIOLATION,
      constraint: "categories_slug_key",
    });
    await expectDbError(db.insert(categories).values({ name: "Misc", slug: "uncategorized" }), {
      code: UNIQUE_VIOLATION,
      constraint: "categories_slug_key",
    });
  });

  it("tag slugs", async () => {
    await createTag(db, "fundraising");
    await expectDbError(db.insert(tags).values({ name: "Fundraising", slug: "fundraising" }), {
      code: UNIQUE_VIOLATION,
      constraint: "tags_slug_key",
    });
  });

  it("usernames, ignoring case", async () => {
    await db
      .insert(users)
      .values({ id: "u-1", name: "A", email: "a@example.com", username: "Priya" });
    await expectDbError(
      db.insert(users).values({ id: "u-2", name: "B", email: "b@example.com", username: "pRIYA" }),
      { code: UNIQUE_VIOLATION, constraint: "users_username_key" },
    );
    // Profiles hold lower-case usernames only (a check), so a plain duplicate is the case to test.
    await createUser(db, { username: "kavya" });
    await db.insert(users).values({ id: "u-3", name: "C", email: "c@example.com" });
    await expectDbError(
      db.insert(profiles).values({ id: "u-3", email: "c@example.com", username: "kavya" }),
      { code: UNIQUE_VIOLATION, constraint: "profiles_username_key" },
    );
  });

  it("e-mail addresses, ignoring case", async () => {
    await db.insert(users).values({ id: "u-1", name: "A", email: "Founder@Example.com" });
    await expectDbError(
      db.insert(users).values({ id: "u-2", name: "B", email: "founder@example.COM" }),
      { code: UNIQUE_VIOLATION, constraint: "users_email_key" },
    );
    await db.insert(users).values({ id: "u-3", name: "C", email: "c@example.com" });
    await db
      .insert(profiles)
      .values({ id: "u-3", email: "Shared@Example.com", username: "c_user" });
    await db.insert(users).values({ id: "u-4", name: "D", email: "d@example.com" });
    await expectDbError(
      db.insert(profiles).values({ id: "u-4", email: "shared@example.com", username: "d_user" }),
      { code: UNIQUE_VIOLATION, constraint: "profiles_email_key" },
    );
  });

  it("one favourite per user and post", async () => {
    const post = await createPost(db, { authorId: author.id });
    await db.insert(favorites).values({ userId: member.id, postId: post.id });
    await expectDbError(db.insert(favorites).values({ userId: member.id, postId: post.id }), {
      code: UNIQUE_VIOLATION,
      constraint: "favorites_user_post_key",
    });
  });

  it("one follow per pair", async () => {
    await db.insert(follows).values({ followerId: member.id, followingId: author.id });
    await expectDbError(
      db.insert(follows).values({ followerId: member.id, followingId: author.id }),
      { code: UNIQUE_VIOLATION, constraint: "follows_follower_id_following_id_pk" },
    );
  });

  it("one like per user and comment", async () => {
    const post = await createPost(db, { authorId: author.id });
    const comment = await createComment(db, { postId: post.id, authorId: author.id });
    await db.insert(commentLikes).values({ commentId: comment.id, userId: member.id });
    await expectDbError(
      db.insert(commentLikes).values({ commentId: comment.id, userId: member.id }),
      { code: UNIQUE_VIOLATION, constraint: "comment_likes_comment_id_user_id_pk" },
    );
  });

  it("one link per post and tag", async () => {
    const post = await createPost(db, { authorId: author.id });
    const tag = await createTag(db);
    await db.insert(postTags).values({ postId: post.id, tagId: tag.id });
    await expectDbError(db.insert(postTags).values({ postId: post.id, tagId: tag.id }), {
      code: UNIQUE_VIOLATION,
      constraint: "post_tags_post_id_tag_id_pk",
    });
  });

  it("banned words", async () => {
    await db.insert(bannedWords).values({ word: "scam" });
    await expectDbError(db.insert(bannedWords).values({ word: "scam" }), {
      code: UNIQUE_VIOLATION,
      constraint: "banned_words_word_key",
    });
  });

  it("redirect sources", async () => {
    await db.insert(urlRedirects).values({ fromPath: "/old", toPath: "/new" });
    await expectDbError(db.insert(urlRedirects).values({ fromPath: "/old", toPath: "/other" }), {
      code: UNIQUE_VIOLATION,
      constraint: "url_redirects_from_path_key",
    });
  });
});

// ------------------------------------------------------------ check constraints

describe("check constraints and rule triggers", () => {
  it("rejects following oneself", async () => {
    const user = await createUser(db, { role: "mentor" });
    await expectDbError(db.insert(follows).values({ followerId: user.id, followingId: user.id }), {
      code: CHECK_VIOLATION,
      constraint: "follows_not_self",
    });
  });

  it("allows one reply level only, on the same post", async () => {
    const user = await createUser(db, { role: "mentor" });
    const post = await createPost(db, { authorId: user.id });
    const other = await createPost(db, { authorId: user.id });
    const top = await createComment(db, { postId: post.id, authorId: user.id });
    const reply = await createComment(db, { postId: post.id, authorId: user.id, parentId: top.id });
    expect(reply.parentId).toBe(top.id);

    const rule = /a reply must answer a top-level comment of the same post/;
    await expectDbError(
      createComment(db, { postId: post.id, authorId: user.id, parentId: reply.id }),
      { code: CHECK_VIOLATION, message: rule },
    );
    await expectDbError(
      createComment(db, { postId: other.id, authorId: user.id, parentId: top.id }),
      { code: CHECK_VIOLATION, message: rule },
    );
    // Re-parenting an existing comment under a reply is caught too.
    const second = await createComment(db, { postId: post.id, authorId: user.id });
    await expectDbError(
      db.update(comments).set({ parentId: reply.id }).where(eq(comments.id, second.id)),
      { code: CHECK_VIOLATION, message: rule },
    );
  });

  it("keeps a single site_settings row with the spec's defaults", async () => {
    const [row] = await db.select().from(siteSettings);
    expect(row).toMatchObject({
      id: SITE_SETTINGS_ID,
      scriptsEnabled: true,
      googleAnalyticsEnabled: false,
      metaPixelEnabled: false,
      googleTagManagerEnabled: false,
      cookieConsentEnabled: true,
      requireConsentForUk: true,
      // The footer: no social links, the contact line's default (decision 0032).
      footerContactEmail: null,
      socialLinkedinUrl: null,
      socialXUrl: null,
      socialInstagramUrl: null,
      socialYoutubeUrl: null,
      socialFacebookUrl: null,
    });
    await expectDbError(db.insert(siteSettings).values({ id: 2 }), {
      code: CHECK_VIOLATION,
      constraint: "site_settings_single_row",
    });
    await expectDbError(db.insert(siteSettings).values({ id: SITE_SETTINGS_ID }), {
      code: UNIQUE_VIOLATION,
      constraint: "site_settings_pkey",
    });
    expect(await countRows(db, "site_settings")).toBe(1);
  });

  describe("sidebar widgets", () => {
    const good = [
      {
        type: "image" as const,
        order: 0,
        image_url: "/uploads/a.webp",
        link_url: "/x",
        content: "Alt",
      },
      { type: "html" as const, order: 1, html_code: "<p>Hi</p>" },
      { type: "text" as const, order: 2, content: "Hello" },
    ];
    const bad = { type: "video", order: 0 } as never;

    it("accepts image, html and text widgets", async () => {
      const user = await createUser(db, { role: "mentor" });
      const post = await createPost(db, {
        authorId: user.id,
        sidebarWidgets: good,
        sidebarWidget2: good[0],
      });
      expect((await postOf(post.id))!.sidebarWidgets).toEqual(good);
      await db
        .update(categories)
        .set({ sidebarWidget: good[1], sidebarWidget2: good[2] })
        .where(eq(categories.slug, "news"));
    });

    it("rejects another type in a post's widget list", async () => {
      const user = await createUser(db, { role: "mentor" });
      await expectDbError(createPost(db, { authorId: user.id, sidebarWidgets: [good[0]!, bad] }), {
        code: CHECK_VIOLATION,
        constraint: "posts_sidebar_widgets_valid",
      });
    });

    it("rejects a widget list that is not a list", async () => {
      const user = await createUser(db, { role: "mentor" });
      await expectDbError(createPost(db, { authorId: user.id, sidebarWidgets: good[0] as never }), {
        code: CHECK_VIOLATION,
        constraint: "posts_sidebar_widgets_valid",
      });
    });

    it("rejects another type in a post's second widget", async () => {
      const user = await createUser(db, { role: "mentor" });
      await expectDbError(createPost(db, { authorId: user.id, sidebarWidget2: bad }), {
        code: CHECK_VIOLATION,
        constraint: "posts_sidebar_widget_2_valid",
      });
    });

    it("rejects another type in a category's widgets", async () => {
      await expectDbError(
        db.update(categories).set({ sidebarWidget: bad }).where(eq(categories.slug, "news")),
        { code: CHECK_VIOLATION, constraint: "categories_sidebar_widget_valid" },
      );
      await expectDbError(
        db.update(categories).set({ sidebarWidget2: bad }).where(eq(categories.slug, "news")),
        { code: CHECK_VIOLATION, constraint: "categories_sidebar_widget_2_valid" },
      );
    });
  });

  describe("redirects", () => {
    it.each([301, 302, 307, 308])("accepts status code %i", async (statusCode) => {
      await db
        .insert(urlRedirects)
        .values({ fromPath: `/from-${statusCode}`, toPath: "/", statusCode });
      expect(await countRows(db, "url_redirects")).toBe(1);
    });

    it("defaults to 301", async () => {
      const [row] = await db
        .insert(urlRedirects)
        .values({ fromPath: "/a", toPath: "/b" })
        .returning();
      expect(row!.statusCode).toBe(301);
    });

    it.each([200, 303, 304, 404])("rejects status code %i", async (statusCode) => {
      await expectDbError(
        db.insert(urlRedirects).values({ fromPath: "/from", toPath: "/", statusCode }),
        { code: CHECK_VIOLATION, constraint: "url_redirects_status_code" },
      );
    });

    it("rejects a source that is not a path", async () => {
      await expectDbError(db.insert(urlRedirects).values({ fromPath: "old-page", toPath: "/" }), {
        code: CHECK_VIOLATION,
        constraint: "url_redirects_from_path_format",
      });
    });
  });

  it("rejects malformed profiles, slugs, words and comments", async () => {
    await expectDbError(createUser(db, { username: "Has_Capitals" }), {
      code: CHECK_VIOLATION,
      constraint: "profiles_username_format",
    });
    await expectDbError(createUser(db, { bio: "x".repeat(501) }), {
      code: CHECK_VIOLATION,
      constraint: "profiles_bio_length",
    });
    await expectDbError(db.insert(categories).values({ name: "Bad", slug: "Bad Slug" }), {
      code: CHECK_VIOLATION,
      constraint: "categories_slug_format",
    });
    await expectDbError(db.insert(bannedWords).values({ word: " Scam" }), {
      code: CHECK_VIOLATION,
      constraint: "banned_words_normalised",
    });
    const user = await createUser(db);
    const post = await createPost(db, { authorId: user.id });
    await expectDbError(createComment(db, { postId: post.id, authorId: user.id, content: "   " }), {
      code: CHECK_VIOLATION,
      constraint: "comments_content_length",
    });
    await expectDbError(createPost(db, { authorId: user.id, slug: "-bad-" }), {
      code: CHECK_VIOLATION,
      constraint: "posts_slug_format",
    });
  });
});

// ---------------------------------------------------------------- deleting a user

describe("deleting a user", () => {
  it("removes their profile, posts and comments, and the comments on their posts", async () => {
    const leaving = await createUser(db, { role: "mentor" });
    const staying = await createUser(db, { role: "mentor" });
    const member = await createUser(db);
    const tag = await createTag(db);

    const theirPost = await createPost(db, { authorId: leaving.id });
    const otherPost = await createPost(db, { authorId: staying.id });
    await db.insert(postTags).values({ postId: theirPost.id, tagId: tag.id });
    const onTheirPost = await createComment(db, { postId: theirPost.id, authorId: member.id });
    await createComment(db, {
      postId: theirPost.id,
      authorId: staying.id,
      parentId: onTheirPost.id,
    });
    const theirComment = await createComment(db, { postId: otherPost.id, authorId: leaving.id });
    await createComment(db, {
      postId: otherPost.id,
      authorId: member.id,
      parentId: theirComment.id,
    });
    const keptComment = await createComment(db, { postId: otherPost.id, authorId: member.id });
    await db.insert(commentLikes).values({ commentId: keptComment.id, userId: leaving.id });
    await db.insert(follows).values({ followerId: member.id, followingId: leaving.id });
    await db.insert(favorites).values({ userId: leaving.id, postId: otherPost.id });
    await db.insert(favorites).values({ userId: member.id, postId: theirPost.id });
    await db.insert(sessions).values({
      id: "s-1",
      token: "token-1",
      userId: leaving.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await db.insert(accounts).values({
      id: "a-1",
      accountId: leaving.id,
      providerId: "credential",
      userId: leaving.id,
    });
    expect((await postOf(otherPost.id))!.commentCount).toBe(3);

    await db.delete(users).where(eq(users.id, leaving.id));

    expect(await countRows(db, "profiles", sql`id = ${leaving.id}`)).toBe(0);
    expect(await countRows(db, "posts", sql`author_id = ${leaving.id}`)).toBe(0);
    expect(await countRows(db, "comments", sql`author_id = ${leaving.id}`)).toBe(0);
    expect(await countRows(db, "comments", sql`post_id = ${theirPost.id}`)).toBe(0);
    expect(await countRows(db, "sessions")).toBe(0);
    expect(await countRows(db, "accounts")).toBe(0);
    expect(await countRows(db, "follows")).toBe(0);
    expect(await countRows(db, "comment_likes")).toBe(0);
    expect(await countRows(db, "favorites")).toBe(0);

    // What belongs to others stays, with counters that agree.
    const remaining = await db.select().from(comments);
    expect(remaining.map((c) => c.id)).toEqual([keptComment.id]);
    expect((await postOf(otherPost.id))!.commentCount).toBe(1);
    expect(remaining[0]!.likeCount).toBe(0);
    const [tagRow] = await db.select().from(tags).where(eq(tags.id, tag.id));
    expect(tagRow!.usageCount).toBe(0);
    expect(await countRows(db, "profiles")).toBe(2);
  });
});

// ------------------------------------------------------------------ categories

describe("categories", () => {
  it("files a post under uncategorized when no category is given", async () => {
    const user = await createUser(db, { role: "mentor" });
    const post = await createPost(db, { authorId: user.id });
    expect(post.categoryId).toBe(UNCATEGORIZED_ID);
  });

  it("moves the posts of a deleted category to uncategorized", async () => {
    const user = await createUser(db, { role: "mentor" });
    const [events] = await db.select().from(categories).where(eq(categories.slug, "events"));
    const [news] = await db.select().from(categories).where(eq(categories.slug, "news"));
    const moved = await createPost(db, { authorId: user.id, categoryId: events!.id });
    const untouched = await createPost(db, { authorId: user.id, categoryId: news!.id });

    await db.delete(categories).where(eq(categories.id, events!.id));

    expect((await postOf(moved.id))!.categoryId).toBe(UNCATEGORIZED_ID);
    expect((await postOf(untouched.id))!.categoryId).toBe(news!.id);
  });

  it("cannot delete uncategorized", async () => {
    await expectDbError(db.delete(categories).where(eq(categories.id, UNCATEGORIZED_ID)), {
      code: RESTRICT_VIOLATION,
      message: /cannot be deleted/,
    });
    expect(await countRows(db, "categories", sql`id = ${UNCATEGORIZED_ID}`)).toBe(1);
  });

  it("cannot change the slug or id of uncategorized", async () => {
    await expectDbError(
      db.update(categories).set({ slug: "misc" }).where(eq(categories.id, UNCATEGORIZED_ID)),
      { code: RESTRICT_VIOLATION, message: /cannot be renamed/ },
    );
    await expectDbError(
      db
        .update(categories)
        .set({ id: "00000000-0000-4000-8000-000000000002" })
        .where(eq(categories.id, UNCATEGORIZED_ID)),
      { code: RESTRICT_VIOLATION, message: /cannot be renamed/ },
    );
    const [row] = await db.select().from(categories).where(eq(categories.id, UNCATEGORIZED_ID));
    expect(row!.slug).toBe("uncategorized");
  });
});

// -------------------------------------------------------------------- counters

describe("counters kept by triggers", () => {
  let user: TestUser;
  beforeEach(async () => {
    user = await createUser(db, { role: "mentor" });
  });

  it("comment_count counts live comments through insert, soft delete, restore and hard delete", async () => {
    const post = await createPost(db, { authorId: user.id });
    const count = async () => (await postOf(post.id))!.commentCount;

    const a = await createComment(db, { postId: post.id, authorId: user.id });
    const b = await createComment(db, { postId: post.id, authorId: user.id });
    const reply = await createComment(db, { postId: post.id, authorId: user.id, parentId: a.id });
    expect(await count()).toBe(3);

    await db.update(comments).set({ isDeleted: true }).where(eq(comments.id, b.id));
    expect(await count()).toBe(2);
    // Soft-deleting twice must not count twice.
    await db.update(comments).set({ isDeleted: true }).where(eq(comments.id, b.id));
    expect(await count()).toBe(2);
    await db.update(comments).set({ isDeleted: false }).where(eq(comments.id, b.id));
    expect(await count()).toBe(3);

    // Hard-deleting a soft-deleted comment changes nothing; a live one counts down.
    await db.update(comments).set({ isDeleted: true }).where(eq(comments.id, b.id));
    await db.delete(comments).where(eq(comments.id, b.id));
    expect(await count()).toBe(2);
    // Deleting a parent takes its reply with it.
    await db.delete(comments).where(eq(comments.id, a.id));
    expect(await count()).toBe(0);
    expect(await countRows(db, "comments", sql`id = ${reply.id}`)).toBe(0);

    await createComment(db, { postId: post.id, authorId: user.id, isDeleted: true });
    expect(await count()).toBe(0);
  });

  it("like_count follows comment_likes", async () => {
    const post = await createPost(db, { authorId: user.id });
    const comment = await createComment(db, { postId: post.id, authorId: user.id });
    const fans = [await createUser(db), await createUser(db)];
    const likes = async () =>
      (await db.select().from(comments).where(eq(comments.id, comment.id)))[0]!.likeCount;

    await db
      .insert(commentLikes)
      .values(fans.map((f) => ({ commentId: comment.id, userId: f.id })));
    expect(await likes()).toBe(2);
    await db.delete(commentLikes).where(eq(commentLikes.userId, fans[0]!.id));
    expect(await likes()).toBe(1);
    await db.delete(users).where(eq(users.id, fans[1]!.id));
    expect(await likes()).toBe(0);
  });

  it("usage_count follows post_tags, including when a post is deleted", async () => {
    const tag = await createTag(db);
    const first = await createPost(db, { authorId: user.id });
    const second = await createPost(db, { authorId: user.id });
    const usage = async () =>
      (await db.select().from(tags).where(eq(tags.id, tag.id)))[0]!.usageCount;

    await db.insert(postTags).values([
      { postId: first.id, tagId: tag.id },
      { postId: second.id, tagId: tag.id },
    ]);
    expect(await usage()).toBe(2);
    await db.delete(postTags).where(eq(postTags.postId, first.id));
    expect(await usage()).toBe(1);
    await db.delete(posts).where(eq(posts.id, second.id));
    expect(await usage()).toBe(0);
  });
});
