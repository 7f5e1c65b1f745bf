import { expect, test } from "../fixtures";

const GUIDE = "set-up-a-uk-limited-company-from-india-step-by-step";

test("a post's HTML carries its meta tags and structured data", async ({ request }) => {
  const html = await (await request.get(`/post/${GUIDE}`)).text();
  expect(html).toMatch(/<meta property="og:type" content="article"\/>/);
  expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/post/${GUIDE}"/>`));
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  const types = blocks.map((b) => b["@type"]);
  expect(types).toContain("BlogPosting"); // the guides category's schema type
  expect(types).toContain("BreadcrumbList");
});

test("home carries the WebSite with a SearchAction", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain('"@type":"WebSite"');
  expect(html).toContain('"@type":"SearchAction"');
});

test("sitemap, robots and RSS answer with their types", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml/);
  expect(await sitemap.text()).toContain(`/post/${GUIDE}</loc>`);
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toMatch(/Sitemap: http.+\/sitemap\.xml/);
  const rss = await request.get("/rss.xml");
  expect(rss.headers()["content-type"]).toMatch(/^application\/rss\+xml/);
  expect((await rss.text()).match(/<item>/g)).toHaveLength(20);
  const categoryRss = await request.get("/categories/guides/rss.xml");
  expect(categoryRss.status()).toBe(200);
  expect((await request.get("/categories/nope/rss.xml")).status()).toBe(404);
});
