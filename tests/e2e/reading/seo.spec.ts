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

test("every public page's HTML has the social meta defaults; a profile has its Person", async ({
  request,
}) => {
  const attr = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"/>`).exec(html)?.[1];
  for (const path of [
    "/login",
    "/signup",
    "/404",
    "/no-such-page",
    "/health",
    "/user/priya_sharma",
  ]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(/<title>([^<]*)<\/title>/.exec(head)?.[1], path).toMatch(/ \| FounderBridge$/);
    expect(head, path).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+${path}"/>`));
    for (const key of [
      "description",
      "og:title",
      "og:description",
      "og:url",
      "og:image",
      "og:image:alt",
      "og:site_name",
      "twitter:card",
      "twitter:image",
      "twitter:image:alt",
    ]) {
      expect(attr(head, key), `${path} ${key}`).toBeTruthy();
    }
    expect(attr(head, "og:title"), path).not.toMatch(/FounderBridge$/);
  }

  const profile = await (await request.get("/user/priya_sharma")).text();
  const blocks = [...profile.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as { "@type": string; mainEntity?: Record<string, unknown> },
  );
  const page = blocks.find((b) => b["@type"] === "ProfilePage");
  expect(page?.mainEntity).toMatchObject({ "@type": "Person", name: "Priya Sharma" });
  expect(attr(profile, "og:type")).toBe("profile");

  // A post's previews: its own title, the site's name apart.
  const post = await (await request.get(`/post/${GUIDE}`)).text();
  expect(attr(post, "og:title")).toBe(
    "How to set up a UK limited company from India, step by step",
  );
  expect(attr(post, "og:site_name")).toBe("FounderBridge");
  expect(attr(post, "og:image:alt")).toBeTruthy();

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/\/user\/priya_sharma<\/loc>/);
});
