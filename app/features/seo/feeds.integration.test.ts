import { beforeAll, describe, expect, it } from "vitest";
import { clearAllCaches } from "#server/cache/cache";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { rssXml, sitemapXml } from "./feeds.server";

const t = testDatabaseForThisFile({ resetBetweenTests: false });
beforeAll(async () => {
  clearAllCaches();
  const author = await createUser(t.db, { fullName: "Asha & Co" });
  for (let i = 0; i < 22; i++) {
    await createPost(t.db, {
      authorId: author.id,
      slug: `p-${i}`,
      title: `Post <${i}>`,
      publishedAt: new Date(Date.now() - (i + 1) * 60_000),
    });
  }
  await createPost(t.db, { authorId: author.id, slug: "a-draft", status: "draft" });
});

describe("feeds", () => {
  it("the sitemap lists approved members' public profiles, not pending or blocked ones", async () => {
    const approved = await createUser(t.db, { status: "approved" });
    const pending = await createUser(t.db, { status: "pending" });
    const blocked = await createUser(t.db, { status: "blocked" });
    const xml = await sitemapXml(t.db, "https://fb.test");
    expect(xml).toContain(`<loc>https://fb.test/user/${approved.username}</loc>`);
    expect(xml).not.toContain(`/user/${pending.username}<`);
    expect(xml).not.toContain(`/user/${blocked.username}<`);
  });

  it("the sitemap lists visible posts and pages, not drafts", async () => {
    const xml = await sitemapXml(t.db, "https://fb.test");
    expect(xml).toContain("<loc>https://fb.test/post/p-0</loc>");
    expect(xml).toContain("<loc>https://fb.test/about</loc>");
    expect(xml).not.toContain("a-draft");
  });

  it("the RSS feed has the latest 20, escaped; a category feed only its posts; unknown is undefined", async () => {
    const xml = (await rssXml(t.db, { name: "FB", url: "https://fb.test" }))!;
    expect(xml.match(/<item>/g)).toHaveLength(20);
    expect(xml).toContain("<title>Post &lt;0&gt;</title>");
    expect(xml).toContain("<dc:creator>Asha &amp; Co</dc:creator>");
    expect(xml).not.toContain("p-21<");
    const news = (await rssXml(t.db, { name: "FB", url: "https://fb.test" }, "news"))!;
    expect(news).not.toContain("<item>");
    expect(await rssXml(t.db, { name: "FB", url: "https://fb.test" }, "nope")).toBeUndefined();
  });
});
