import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CookieJar } from "#tests/support/http-app";
import { posts } from "#server/db/schema";
import { createPost, createUser } from "#tests/support/factories";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { VIEW_BEACON_LIMIT } from "./views.server";
import { viewBeaconPath } from "./views";

// Behind a proxy, so that a test can speak from several addresses (X-Forwarded-For).
const site = siteOverHttpForThisFile({ env: { TRUST_PROXY: "true" } });
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";

async function viewCount(id: string) {
  const [row] = await site.testDb.db
    .select({ n: posts.viewCount })
    .from(posts)
    .where(eq(posts.id, id));
  return row!.n;
}

/** The count is written after the answer: wait for it. */
async function eventually(id: string, expected: number) {
  for (let i = 0; i < 40 && (await viewCount(id)) !== expected; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return viewCount(id);
}

function beacon(path: string, headers: Record<string, string> = {}, method = "POST") {
  return fetch(`${site.app.url}${path}`, {
    method,
    headers: { "user-agent": BROWSER, origin: site.app.url, ...headers },
  });
}

async function publishedPost() {
  const author = await createUser(site.testDb.db, { role: "mentor" });
  return createPost(site.testDb.db, { authorId: author.id });
}

describe("the view beacon", () => {
  it("is on the post page (and as a no-JavaScript image); loading the page alone counts nothing", async () => {
    const post = await publishedPost();
    const page = await site.get(new CookieJar(), `/post/${post.slug}`);
    const html = await page.text();
    expect(html).toContain(`<noscript><img src="${viewBeaconPath(post.id)}"`);
    await new Promise((r) => setTimeout(r, 200));
    expect(await viewCount(post.id)).toBe(0);
  });

  it("has counted the view when it answers 204 (decision 0063: written before answering)", async () => {
    const post = await publishedPost();
    for (const [n, address] of ["192.0.2.1", "192.0.2.2", "192.0.2.3"].entries()) {
      const answer = await beacon(viewBeaconPath(post.id), { "x-forwarded-for": address });
      expect(answer.status).toBe(204);
      expect(await viewCount(post.id)).toBe(n + 1);
    }
  });

  it("one address posing as 40 browsers adds 1 view (docs/decisions/0176)", async () => {
    const post = await publishedPost();
    for (let i = 0; i < 40; i++) {
      const userAgent = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/${100 + i}.0 Safari/537.36`;
      const answer = await beacon(viewBeaconPath(post.id), {
        "user-agent": userAgent,
        "x-forwarded-for": "198.51.100.40",
      });
      expect(answer.status).toBe(204);
    }
    expect(await viewCount(post.id)).toBe(1);
    // Known bots add nothing, whatever their address.
    const bot = await beacon(viewBeaconPath(post.id), {
      "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "x-forwarded-for": "198.51.100.41",
    });
    expect(bot.status).toBe(204);
    expect(await viewCount(post.id)).toBe(1);
    // Another address is another reader.
    await beacon(viewBeaconPath(post.id), { "x-forwarded-for": "198.51.100.42" });
    expect(await viewCount(post.id)).toBe(2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "does not answer before the view is written (PostgreSQL: held by a lock on post_views)",
    async () => {
      const post = await publishedPost();
      // The route is loaded (and the app warm) before the clock matters.
      expect(
        (await beacon(viewBeaconPath(post.id), { "user-agent": "Googlebot/2.1" })).status,
      ).toBe(204);
      let answered: number | undefined;
      let pending: Promise<void> | undefined;
      await site.testDb.db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE post_views IN ACCESS EXCLUSIVE MODE`);
        pending = beacon(viewBeaconPath(post.id)).then((r) => {
          answered = r.status;
        });
        await new Promise((r) => setTimeout(r, 500));
        // The write waits for the lock, and so does the answer.
        expect(answered).toBeUndefined();
      });
      await pending;
      expect(answered).toBe(204);
      expect(await viewCount(post.id)).toBe(1);
    },
  );

  it("counts a visitor once per post per 30 minutes", async () => {
    const post = await publishedPost();
    const first = await beacon(viewBeaconPath(post.id));
    expect(first.status).toBe(204);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(await eventually(post.id, 1)).toBe(1);
    expect((await beacon(viewBeaconPath(post.id))).status).toBe(204);
    // The no-JavaScript pixel is the same visitor: still one view.
    const pixel = await beacon(viewBeaconPath(post.id), {}, "GET");
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get("content-type")).toBe("image/gif");
    await new Promise((r) => setTimeout(r, 200));
    expect(await viewCount(post.id)).toBe(1);
    // Another browser on the same address is the same visitor (decision 0176).
    await beacon(viewBeaconPath(post.id), { "user-agent": `${BROWSER} Edg/140.0` });
    expect(await viewCount(post.id)).toBe(1);
  });

  it("the no-JavaScript pixel counts only from this site's pages: another site cannot embed it", async () => {
    const post = await publishedPost();
    const path = viewBeaconPath(post.id);
    // An <img> GET sends no Origin; a browser sends Sec-Fetch-Site and (by policy) a Referer.
    const pixel = (headers: Record<string, string>) =>
      fetch(`${site.app.url}${path}`, { headers: { "user-agent": BROWSER, ...headers } });
    const foreignPage = await pixel({
      "sec-fetch-site": "cross-site",
      referer: "https://evil.example/page",
    });
    expect(foreignPage.status).toBe(403);
    // Either header alone is enough to tell.
    expect((await pixel({ referer: "https://evil.example/page" })).status).toBe(403);
    expect((await pixel({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    // Typed into the address bar: not a page's view either.
    expect((await pixel({ "sec-fetch-site": "none" })).status).toBe(403);
    await new Promise((r) => setTimeout(r, 200));
    expect(await viewCount(post.id)).toBe(0);

    // The post page itself (read without JavaScript) counts.
    const own = await pixel({
      "sec-fetch-site": "same-origin",
      referer: `${site.app.url}/post/${post.slug}`,
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/gif");
    expect(await eventually(post.id, 1)).toBe(1);
  });

  it("a request with none of those headers is let through (nothing to judge it by)", async () => {
    const post = await publishedPost();
    const bare = await fetch(`${site.app.url}${viewBeaconPath(post.id)}`, {
      headers: { "user-agent": BROWSER },
    });
    expect(bare.status).toBe(200);
    expect(await eventually(post.id, 1)).toBe(1);
  });

  it("refuses other sites, bad ids and bots, and limits each address", async () => {
    const post = await publishedPost();
    const foreign = await beacon(viewBeaconPath(post.id), { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const crossSite = await beacon(viewBeaconPath(post.id), { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect((await beacon("/api/posts/not-a-uuid/view")).status).toBe(400);
    const bot = await beacon(viewBeaconPath(post.id), { "user-agent": "Googlebot/2.1" });
    expect(bot.status).toBe(204);
    await new Promise((r) => setTimeout(r, 200));
    expect(await viewCount(post.id)).toBe(0);

    const unknown = viewBeaconPath("00000000-0000-4000-8000-000000000000");
    const statuses: number[] = [];
    for (let i = 0; i < VIEW_BEACON_LIMIT.limit + 5; i++) {
      statuses.push((await beacon(unknown)).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
  });
});
