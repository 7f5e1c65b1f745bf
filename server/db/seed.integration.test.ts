import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countAllTables, countRows, createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import type { Database } from "./client";
import {
  categories,
  DEFAULT_COOKIE_BANNER_MESSAGE,
  posts,
  SITE_SETTINGS_ID,
  siteSettings,
  UNCATEGORIZED_ID,
} from "./schema";
import { ensureReservedRows } from "./seed";

const testDb = testDatabaseForThisFile();
let db: Database;

beforeAll(() => {
  db = testDb.db;
});

describe("ensureReservedRows", () => {
  it("creates the reserved and named categories with their structured-data types", async () => {
    const rows = await db
      .select({
        id: categories.id,
        slug: categories.slug,
        name: categories.name,
        schemaType: categories.schemaType,
        description: categories.description,
      })
      .from(categories)
      .orderBy(categories.slug);
    expect(rows.map(({ slug, name, schemaType }) => ({ slug, name, schemaType }))).toEqual([
      { slug: "amas", name: "AMAs", schemaType: "Article" },
      { slug: "events", name: "Events", schemaType: "Article" },
      { slug: "guides", name: "Guides", schemaType: "BlogPosting" },
      { slug: "news", name: "News", schemaType: "NewsArticle" },
      { slug: "podcast", name: "Podcast", schemaType: "Article" },
      { slug: "startup-story", name: "Startup Stories", schemaType: "BlogPosting" },
      { slug: "uncategorized", name: "Uncategorized", schemaType: "Article" },
    ]);
    expect(rows.find((r) => r.slug === "uncategorized")!.id).toBe(UNCATEGORIZED_ID);
    for (const row of rows) expect(row.description).toMatch(/^[A-Z].{20,}\.$/);
  });

  it("creates the site_settings row with the spec's defaults", async () => {
    const rows = await db.select().from(siteSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: SITE_SETTINGS_ID,
      scriptsEnabled: true,
      cookieConsentEnabled: true,
      requireConsentForUk: true,
      cookieBannerMessage: DEFAULT_COOKIE_BANNER_MESSAGE,
      demoContentLoadedAt: null,
    });
  });

  it("is idempotent", async () => {
    const before = await countAllTables(db);
    await ensureReservedRows(db);
    await ensureReservedRows(db);
    expect(await countAllTables(db)).toEqual(before);
    expect(before.categories).toBe(7);
    expect(before.site_settings).toBe(1);
  });

  it("recreates missing rows on an empty database", async () => {
    await db.execute(sql`TRUNCATE categories, site_settings CASCADE`);
    expect(await countRows(db, "categories")).toBe(0);
    await ensureReservedRows(db);
    expect(await countRows(db, "categories")).toBe(7);
    expect(await countRows(db, "site_settings")).toBe(1);
  });

  it("never overwrites what an admin edited", async () => {
    await db
      .update(categories)
      .set({ name: "Latest News", description: "Our edit.", schemaType: "Article" })
      .where(eq(categories.slug, "news"));
    await db
      .update(categories)
      .set({ name: "Other", description: "Edited too." })
      .where(eq(categories.id, UNCATEGORIZED_ID));
    await db
      .update(siteSettings)
      .set({ cookieBannerMessage: "Edited banner", scriptsEnabled: false })
      .where(eq(siteSettings.id, SITE_SETTINGS_ID));

    await ensureReservedRows(db);

    const [news] = await db.select().from(categories).where(eq(categories.slug, "news"));
    expect(news).toMatchObject({
      name: "Latest News",
      description: "Our edit.",
      schemaType: "Article",
    });
    const [reserved] = await db
      .select()
      .from(categories)
      .where(eq(categories.id, UNCATEGORIZED_ID));
    expect(reserved).toMatchObject({ name: "Other", description: "Edited too." });
    const [settings] = await db.select().from(siteSettings);
    expect(settings).toMatchObject({ cookieBannerMessage: "Edited banner", scriptsEnabled: false });
  });

  it("puts back a named category that was deleted, since the header links to it", async () => {
    const author = await createUser(db, { role: "mentor" });
    const [events] = await db.select().from(categories).where(eq(categories.slug, "events"));
    const post = await createPost(db, { authorId: author.id, categoryId: events!.id });
    await db.delete(categories).where(eq(categories.slug, "events"));

    await ensureReservedRows(db);

    const [again] = await db.select().from(categories).where(eq(categories.slug, "events"));
    expect(again).toBeDefined();
    expect(again!.id).not.toBe(events!.id);
    // The posts stay where the deletion moved them.
    const [row] = await db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.categoryId).toBe(UNCATEGORIZED_ID);
  });
});

describe("test database reset", () => {
  it("empties every table except the reserved rows", async () => {
    const author = await createUser(db, { role: "mentor" });
    await createPost(db, { authorId: author.id });
    await db.update(siteSettings).set({ scriptsEnabled: false });
    await db
      .update(categories)
      .set({ name: "Edited", sidebarWidget: { type: "text", order: 0, content: "x" } })
      .where(eq(categories.id, UNCATEGORIZED_ID));
    await testDb.reset();
    const counts = await countAllTables(db);
    const nonEmpty = Object.entries(counts).filter(([, n]) => n > 0);
    expect(Object.fromEntries(nonEmpty)).toEqual({ categories: 7, site_settings: 1 });
    const [settings] = await db.select().from(siteSettings);
    expect(settings!.scriptsEnabled).toBe(true);
    const [reserved] = await db
      .select()
      .from(categories)
      .where(eq(categories.id, UNCATEGORIZED_ID));
    expect(reserved).toMatchObject({ name: "Uncategorized", sidebarWidget: null });
  });
});
