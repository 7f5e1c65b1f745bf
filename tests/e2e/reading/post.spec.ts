import { expect, test, waitForHydration } from "../fixtures";

const GUIDE = "set-up-a-uk-limited-company-from-india-step-by-step";
const EXTERNAL = "innovator-founder-visa-what-first-time-founders-need-to-know";
const NO_SIDEBAR = "online-workshop-preparing-for-innovator-founder-endorsement";

test("a post page shows everything the spec lists, server-rendered", async ({ page }) => {
  const response = await page.goto(`/post/${GUIDE}`);
  expect(response?.status()).toBe(200);
  const article = page.getByRole("main").locator("article").first();
  await expect(article.getByRole("link", { name: "Guides" })).toHaveAttribute(
    "href",
    "/categories/guides",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "How to set up a UK limited company from India, step by step",
  );
  await expect(article.locator('a[href^="/user/"]').first()).toBeVisible();
  await expect(article.getByText(/Verified (mentor|admin)/).first()).toBeAttached();
  await expect(article.getByRole("link", { name: "Add to favorites" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(`/post/${GUIDE}`)}`,
  );
  for (const name of ["Facebook", "Twitter", "LinkedIn", "Reddit", "E-mail"]) {
    await expect(article.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(article.getByRole("heading", { name: "Also Read" })).toBeVisible();
  const alsoRead = article.getByRole("region", { name: "Also Read" }).getByRole("link");
  expect(await alsoRead.count()).toBeLessThanOrEqual(5);
  await expect(article.getByRole("region", { name: "Tags" })).toBeVisible();
  await expect(article.getByRole("heading", { name: "Conversation" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: /^Sidebar/ }).first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/post/${GUIDE}$`),
  );
});

test("a featured post's sidebar lists 5 featured posts, not itself", async ({ page }) => {
  // The demo's second newest featured post: with itself counted it would be in its own list.
  const slug = "uk-india-trade-what-founders-should-watch-this-quarter";
  await page.goto(`/post/${slug}`);
  const featured = page.getByRole("region", { name: /^Featured posts/ }).first();
  await expect(featured.getByRole("link").first()).toBeVisible();
  const hrefs = await featured
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(new Set(hrefs).size).toBe(5);
  expect(hrefs.filter((href) => href.endsWith(`/${slug}`))).toEqual([]);
});

test("the comment count scrolls to the Conversation, and Copy link says Copied!", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/post/${GUIDE}`);
  await waitForHydration(page);
  const article = page.getByRole("main").locator("article").first();
  await article.getByRole("link", { name: /\d+ comments?/ }).click();
  await expect(article.getByRole("heading", { name: "Conversation" })).toBeInViewport();
  await article.getByRole("button", { name: "Copy link" }).click();
  await expect(article.getByRole("status")).toHaveText("Copied!");
  await expect(article.getByRole("status")).toHaveText("", { timeout: 4000 });
});

test("an external link post has the Read full article card with utm_source", async ({ page }) => {
  await page.goto(`/post/${EXTERNAL}`);
  const card = page.getByRole("link", { name: /^Read full article on .+ →$/ });
  await expect(card).toBeVisible();
  expect(await card.getAttribute("href")).toMatch(/[?&]utm_source=FounderBridge/);
});

test("a post without sidebar has none", async ({ page }) => {
  await page.goto(`/post/${NO_SIDEBAR}`);
  await expect(page.getByRole("complementary", { name: /^Sidebar/ })).toHaveCount(0);
});

test("/{category}/{slug} shows the post too, and a wrong category redirects", async ({ page }) => {
  const response = await page.goto(`/guides/${GUIDE}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("UK limited company");
  await page.goto(`/news/${GUIDE}`);
  await expect(page).toHaveURL(new RegExp(`/post/${GUIDE}$`));
});

test("a missing post answers 404 with the 404 page at its own address", async ({ page }) => {
  const response = await page.goto("/post/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/post\/no-such-post$/);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("a podcast's audio player plays its file (no internet needed)", async ({ page }) => {
  const slug = "episode-12-building-a-fintech-bridge-between-mumbai-and-london";
  await page.goto(`/post/${slug}`);
  await waitForHydration(page);
  const article = page.locator(`article[data-post-slug="${slug}"]`);
  // The element plays behind the page's own controls (docs/decisions/0268).
  const audio = article.locator("audio");
  await expect(audio).toBeAttached();
  await expect(
    article.getByRole("region", { name: /^Podcast player: Episode 12/ }).getByRole("button", {
      name: "Play episode",
    }),
  ).toBeVisible();
  await expect(audio).toHaveAttribute("aria-label", /^Listen: Episode 12/);
  await expect(audio.locator("source")).toHaveAttribute("type", "audio/wav");
  const src = (await audio.locator("source").getAttribute("src"))!;
  expect(src).toMatch(/^\/uploads\/demo\/audio\/.+\.wav$/);
  // The browser loads and decodes it (muted: a test has no user gesture to start sound).
  const played = await audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 300));
    element.pause();
    return { time: element.currentTime, duration: element.duration, error: element.error };
  });
  expect(played.error).toBeNull();
  expect(played.time).toBeGreaterThan(0);
  expect(played.duration).toBeGreaterThan(1);
});

test("a video file is the hero, played natively with the featured image as poster and its captions; its card has the play mark", async ({
  page,
}) => {
  const slug = "bengaluru-office-hours-with-our-mentors";
  await page.goto("/categories/events");
  const card = page.getByRole("main").locator("article", {
    has: page.locator(`a[href="/post/${slug}"]`),
  });
  await expect(card.getByText("Video", { exact: true })).toBeAttached();

  await page.goto(`/post/${slug}`);
  await waitForHydration(page);
  const video = page.locator(`article[data-post-slug="${slug}"] video`);
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute("poster", /^\/uploads\/demo\/posts\/.+\.webp$/);
  await expect(video.locator("source")).toHaveAttribute("type", "video/mp4");
  const state = await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 300));
    element.pause();
    return { time: element.currentTime, width: element.videoWidth, error: element.error };
  });
  expect(state.error).toBeNull();
  expect(state.time).toBeGreaterThan(0);
  expect(state.width).toBe(640);
  // Its captions (docs/decisions/0113): the default track loads under the CSP and its cues are read.
  await expect(video.locator('track[kind="captions"]')).toHaveAttribute(
    "src",
    "/uploads/captions/demo/bengaluru-office-hours.vtt",
  );
  const cues = await video.evaluate(async (element: HTMLVideoElement) => {
    const track = element.textTracks[0]!;
    track.mode = "showing";
    for (let i = 0; i < 50 && !track.cues?.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { kind: track.kind, cues: Array.from(track.cues ?? [], (cue) => (cue as VTTCue).text) };
  });
  expect(cues).toEqual({
    kind: "captions",
    cues: [
      "[No sound] Bengaluru office hours with our mentors",
      "[No sound] Twenty minutes, one question, one next step",
    ],
  });
  // The link previews use the featured image.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/uploads\/demo\/posts\/.+\.1200x630\.webp$/,
  );
});
