import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../fixtures";

// Lighter pages (docs/decisions/0160): the stylesheet is one long-cached file, not
// inlined in every page, and an article's body is sent once, in the markup: the hydration data
// leaves it out and the browser takes it from the server's element.

const GUIDE = "set-up-a-uk-limited-company-from-india-step-by-step";

/**
 * A run of the body's text from past its first 600 characters (the structured data and the
 * description repeat the first 500), long enough to be found nowhere else, with no character
 * that HTML or JSON would escape.
 */
async function textDeepInBody(page: Page): Promise<string> {
  const probe = await page
    .locator("[data-post-body]")
    .first()
    .evaluate((body) => {
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      let seen = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        seen += text.length;
        const clean = /[^&<>"'\\\u2018-\u201d]{30,}/.exec(text)?.[0];
        if (seen > 600 && clean) return clean.trim().slice(0, 40);
      }
      return "";
    });
  expect(probe.length, "the body has text past its first 600 characters").toBeGreaterThan(20);
  return probe;
}

function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

/** The body element's HTML as the server wrote it for this address (parsed, not hydrated). */
async function serverBody(page: Page, path: string): Promise<string> {
  return page.evaluate(async (address) => {
    const html = await (await fetch(address)).text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    return doc.querySelector("[data-post-body]")?.innerHTML ?? "";
  }, path);
}

async function cachedPage(request: APIRequestContext, path: string) {
  // The first request renders and keeps the page; a write by another journey may drop it,
  // so ask until one is a hit.
  await expect.poll(async () => (await request.get(path)).headers()["x-page-cache"]).toBe("hit");
}

test("an article sends its body once, in the markup, and links one immutable stylesheet", async ({
  page,
  request,
}) => {
  await page.goto(`/post/${GUIDE}`);
  const probe = await textDeepInBody(page);

  // Rendered (an unknown parameter is never served from the page cache) and from the cache.
  const rendered = await request.get(`/post/${GUIDE}?weight=rendered`);
  expect(rendered.headers()["x-page-cache"]).not.toBe("hit");
  await cachedPage(request, `/post/${GUIDE}`);
  const hit = await request.get(`/post/${GUIDE}`);
  expect(hit.headers()["x-page-cache"]).toBe("hit");
  for (const response of [rendered, hit]) {
    const html = await response.text();
    expect(occurrences(html, probe), `"${probe}" in the HTML`).toBe(1);
    expect(html).toContain('\\"htmlInMarkup\\",true');
    // No inline stylesheet; one content-hashed file.
    expect(html).not.toMatch(/<style[\s>]/);
    const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/href="\/assets\/app-[A-Za-z0-9_-]{8,}\.css"/);
  }

  const href = /href="(\/assets\/app-[^"]+\.css)"/.exec(await hit.text())![1]!;
  const css = await request.get(href);
  expect(css.status()).toBe(200);
  expect(css.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(css.headers()["content-type"]).toMatch(/^text\/css/);
  const text = await css.text();
  // The app's own stylesheet: the article body's rules and the dark palette (decision 0114).
  expect(text).toContain(".post-body");
  expect(text).toMatch(/\[data-theme=("?)dark\1\]/);
  // The browser applied it before showing the page: the body is laid out with its styles.
  expect(
    await page.evaluate(() => getComputedStyle(document.body).display),
    "body.flex from the stylesheet",
  ).toBe("flex");
});

test("a cached article hydrates with its body from the markup; navigating brings other bodies", async ({
  page,
  request,
}) => {
  const path = `/post/${GUIDE}`;
  await cachedPage(request, path);
  const response = await page.goto(path);
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  // A CSP violation or a hydration error fails the test (fixtures.ts).
  await waitForHydration(page);
  const body = page.locator("[data-post-body]").first();
  const probe = await textDeepInBody(page);
  await expect(body).toContainText(probe);
  expect(await body.evaluate((element) => element.innerHTML)).toBe(await serverBody(page, path));

  // A client navigation to another post: its body comes in the route's data.
  const other = page.getByRole("region", { name: "Also Read" }).getByRole("link").first();
  const otherHref = (await other.getAttribute("href"))!;
  const otherTitle = (await other.textContent())!;
  await other.click();
  await expect(page).toHaveURL(new RegExp(`${otherHref}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(otherTitle);
  const otherBody = page.locator("[data-post-body]").first();
  await expect(otherBody).not.toBeEmpty();
  expect(await otherBody.evaluate((element) => element.innerHTML)).toBe(
    await serverBody(page, otherHref),
  );
  await expect(otherBody).not.toContainText(probe);

  // Back: the first post's body again.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(otherTitle);
  await expect(page.locator("[data-post-body]").first()).toContainText(probe);
});

/**
 * The file names of the scripts a page loads until it has hydrated and the network is quiet (the
 * parts loaded lazily while hydrating included; axe's run used to give them that time).
 */
async function scriptsLoaded(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on("response", (response) => {
    const name = new URL(response.url()).pathname;
    if (name.endsWith(".js")) scripts.push(name.slice(name.lastIndexOf("/") + 1));
  });
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  return scripts;
}

// Parts only some pages show load only there (decision 0107): a reader's article loads neither
// the members' parts (avatar menu, comment box, Report, the favorites form) nor an event's
// summary, nor the consent bar (this reader is not asked), the lists' cards, or the search and
// menu dialogs' content before they first open.
test("a reader's article loads no member's or event's code; an event post loads its summary", async ({
  page,
}) => {
  const article = await scriptsLoaded(page, `/post/${GUIDE}`);
  for (const part of [
    "avatar-menu",
    "comment-box",
    "report-button",
    "report-rules",
    "event-summary",
    "consent-bar",
    "post-list-item",
    "search-form",
    "mobile-menu-content",
    "member-favorite-toggle",
  ]) {
    expect(
      article.filter((name) => name.startsWith(`${part}-`)),
      part,
    ).toEqual([]);
  }
  expect(article.some((name) => name.startsWith("post-article-"))).toBe(true);

  const event = await scriptsLoaded(page, "/post/london-founder-meet-up-uk-india-expansion-night");
  expect(event.some((name) => name.startsWith("event-summary-"))).toBe(true);
  const details = page.getByRole("region", { name: "Event details" });
  await expect(details).toBeVisible();
  await details.getByText("Add to calendar").click();
  await expect(details.getByRole("link", { name: /Google Calendar/ })).toBeVisible();
});
