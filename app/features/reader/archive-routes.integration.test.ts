/**
 * The archives over HTTP (docs/decisions/0110): ?page=N on the home, a category and
 * a member's page, each page with its own title and canonical address,
 * prev/next links, a 404 past the last page or for an unreadable ?page, and
 * the paged pages kept by the visitors' page cache as page 1 is.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { clearAllCaches } from "#server/cache/cache";
import { CookieJar } from "#tests/support/http-app";
import { createUser } from "#tests/support/factories";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile({ pageCache: true });
const visitor = () => new CookieJar();
let mentor: { username: string };

// The site's database is emptied before each test.
beforeEach(async () => {
  const db = site.testDb.db;
  const m = await createUser(db, { role: "mentor", fullName: "Meera Shah" });
  mentor = m;
  // 50 posts in Guides by the mentor, post i published i minutes ago.
  await db.execute(sql`
    INSERT INTO posts (title, slug, category_id, author_id, status, published_at)
    SELECT 'Guide ' || i, 'guide-' || i, (SELECT id FROM categories WHERE slug = 'guides'),
      ${m.id}, 'published', now() - make_interval(mins => i)
    FROM generate_series(1, 50) AS i
  `);
});

async function page(path: string) {
  clearAllCaches();
  const res = await site.get(visitor(), path);
  return { res, html: await site.text(res) };
}

const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe("paged archives over HTTP", () => {
  it("the home: page 1 has Older posts 6–11 and a link to page 2 (docs/decisions/0269); page 3 is the last", async () => {
    const first = await page("/");
    expect(first.res.status).toBe(200);
    expect(first.html).toContain("Older posts");
    expect(first.html).toContain(">Guide 6<");
    expect(first.html).toContain(">Guide 11<");
    expect(first.html).not.toContain(">Guide 12<");
    expect(first.html).toContain('href="/?page=2"');
    expect(canonicalOf(first.html)).toBe(`${site.app.url}/`);

    const second = await page("/?page=2");
    expect(titleOf(second.html)).toMatch(/^Older posts – page 2 \| /);
    expect(canonicalOf(second.html)).toBe(`${site.app.url}/?page=2`);
    expect(second.html).not.toContain(">Guide 11<");
    expect(second.html).toContain(">Guide 12<");
    expect(second.html).toContain(">Guide 31<");
    expect(second.html).not.toContain(">Guide 32<");
    expect(second.html).toContain('<link rel="prev" href="/"/>');
    expect(second.html).toContain('<link rel="next" href="/?page=3"/>');

    const last = await page("/?page=3");
    expect(last.html).toContain(">Guide 32<");
    expect(last.html).toContain(">Guide 50<");
    expect(last.html).not.toContain('rel="next"');
    expect((await page("/?page=4")).res.status).toBe(404);
  });

  it("a category: 20 a page, titled and canonical per page", async () => {
    const second = await page("/categories/guides?page=2");
    expect(second.res.status).toBe(200);
    expect(titleOf(second.html)).toMatch(/^Guides – page 2 \| /);
    expect(canonicalOf(second.html)).toBe(`${site.app.url}/categories/guides?page=2`);
    expect(second.html).toContain(">Guide 21<");
    expect(second.html).toContain(">Guide 40<");
    expect(second.html).not.toContain(">Guide 41<");
    expect(second.html).toContain('href="/categories/guides?page=3"');
    expect(second.html).toContain('href="/categories/guides"');
    expect((await page("/categories/guides?page=3")).res.status).toBe(200);
    expect((await page("/categories/guides?page=4")).res.status).toBe(404);
  });

  it("a member's page: 20 of their posts a page", async () => {
    const third = await page(`/user/${mentor.username}?page=3`);
    expect(third.res.status).toBe(200);
    expect(titleOf(third.html)).toMatch(/– page 3 \| /);
    expect(canonicalOf(third.html)).toBe(`${site.app.url}/user/${mentor.username}?page=3`);
    expect(third.html).toContain(">Guide 41<");
    expect(third.html).toContain(">Guide 50<");
    expect(third.html).toContain(`href="/user/${mentor.username}?page=2"`);
    expect((await page(`/user/${mentor.username}?page=4`)).res.status).toBe(404);
  });

  it("an unreadable ?page is a 404, not a 500 and not page 1", async () => {
    for (const bad of ["0", "-2", "1.5", "two", "99999"]) {
      for (const path of ["/", "/categories/guides", `/user/${mentor.username}`]) {
        const { res } = await page(`${path}?page=${bad}`);
        expect(res.status, `${path}?page=${bad}`).toBe(404);
      }
    }
  });

  it("paged pages are cached for visitors as page 1 is", async () => {
    clearAllCaches();
    for (const path of ["/?page=2", "/categories/guides?page=2"]) {
      const first = await site.get(visitor(), path);
      await first.text();
      expect(first.headers.get("cache-control")).toMatch(/public/);
      // The answer is stored once it has gone out, and an invalidation from an earlier write
      // may still be on its way: the next visits are served from the cache soon, not at once.
      await expect
        .poll(async () => {
          const again = await site.get(visitor(), path);
          await again.text();
          return again.headers.get("x-page-cache");
        })
        .toBe("hit");
    }
  });
});
