/**
 * The accessibility sweep (docs/milestones.md#issue-36-accessibility-sweep, decision 0178): axe once on every page, in every state a
 * URL reaches, for each role — signed out, pending, member, mentor, admin — in the theme and on
 * the screen where it is checked (light on a desktop for every page; dark and phone for the pages
 * checked so before). The journeys call axe only for what a journey alone reaches: an open dialog
 * or menu, a form's error or success message, a live update. docs/testing-accessibility.md lists
 * every page and state, and which journey keeps which check.
 *
 * The sweep runs on a demo-content server of its own (support/community-server.ts: known
 * passwords for the demo people, Meera the admin among them), with rows that the demo leaves out
 * (reports, redirects, activity, views, ...) added in the same stop that sets the passwords. Each
 * role signs in once per worker; its tests reuse the saved session. The empty site's pages are
 * checked on the main e2e server, which has no content.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { conversation, DEMO, signInAs, test as community } from "./support/community-server";

type Role = "pending" | "member" | "mentor" | "admin";
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Who each role is (demo people; Emily is pending with her profile not completed). */
const PEOPLE: Record<Role, string> = {
  pending: DEMO.emily.email,
  member: DEMO.tom.email,
  mentor: "rohan.mehta@example.com",
  admin: "meera.iyer@example.com",
};

const GUIDE = "set-up-a-uk-limited-company-from-india-step-by-step";
const COMMENTED = "start-up-loans-who-qualifies";
const LIKED = "pricing-your-saas-for-uk-customers";
const MENTOR_DRAFT = "writing-a-uk-investor-update-that-gets-read";
const MENTOR_POST = "ama-recap-rohan-mehta-on-raising-pre-seed-in-london";

const TOM = `(SELECT id FROM profiles WHERE username = '${DEMO.tom.username}')`;
const postId = (slug: string) => `(SELECT id FROM posts WHERE slug = '${slug}')`;

/**
 * What the demo content leaves out, for the pages to show rows. Banned words, webhooks and
 * Content API keys stay empty: the sweep checks those pages' empty states, and their journeys
 * check them with the rows they add.
 */
const SWEEP_SQL = [
  `INSERT INTO url_redirects (from_path, to_path, status_code, notes) VALUES
     ('/old-about', '/about', 301, 'The old about page'),
     ('/old-news', '/categories/news', 302, NULL)`,
  // The footer's contact line and social links (the empty site has none).
  `UPDATE site_settings SET footer_contact_email = 'partners@founderbridge.example',
     social_linkedin_url = 'https://www.linkedin.com/company/founderbridge-e2e',
     social_youtube_url = 'https://www.youtube.com/@founderbridge-e2e'`,
  // Tom has saved one post and not the other.
  `DELETE FROM favorites WHERE user_id = ${TOM} AND post_id IN (${postId(COMMENTED)}, ${postId(LIKED)})`,
  `INSERT INTO favorites (user_id, post_id) VALUES (${TOM}, ${postId(COMMENTED)})`,
  // 58 entries by one admin (two pages of 50), 5 by another.
  `INSERT INTO admin_audit_log (actor_username, action, target_type, target_id, target_label, created_at)
     SELECT 'aj_alice', 'user.approve', 'user', 'u-' || i, 'Member ' || i,
            timestamptz '2025-03-01 00:00:00+00' + make_interval(hours => i)
     FROM generate_series(1, 55) AS i
     UNION ALL
     SELECT 'aj_alice', 'post.feature', 'post', 'p-' || i, 'Featured ' || i,
            timestamptz '2025-02-01 12:00:00+00' + make_interval(days => i)
     FROM generate_series(1, 3) AS i
     UNION ALL
     SELECT 'aj_bob', 'post.delete', 'post', 'd-' || i, 'Deleted ' || i,
            timestamptz '2025-03-05 09:00:00+00' + make_interval(mins => i)
     FROM generate_series(1, 5) AS i`,
  `INSERT INTO post_daily_views (post_id, day, views)
     SELECT id, current_date - d.n, d.views FROM posts,
       (VALUES (0, 3), (3, 4), (40, 6)) AS d (n, views)
     WHERE slug = '${GUIDE}'
     -- The demo seeds its own last 30 days (docs/decisions/0261): add to them.
     ON CONFLICT (post_id, day) DO UPDATE SET views = post_daily_views.views + EXCLUDED.views`,
  // An open report on one of Tom's comments, by James.
  `INSERT INTO reports (reporter_id, comment_id, post_id, reason, details)
     SELECT (SELECT id FROM profiles WHERE username = 'james_patel'), c.id, c.post_id, 'spam',
            'Advertising, not a question.'
     FROM comments c JOIN profiles p ON p.id = c.author_id
     WHERE p.username = 'tom_bennett' AND NOT c.is_deleted
     ORDER BY c.created_at LIMIT 1`,
];

/**
 * A page to check: its address (or how to find it on the page before), and what to wait for
 * before axe runs (by default, the hydrated main element).
 */
type Stop = {
  path: string | ((page: Page) => Promise<string>);
  ready?: (page: Page) => Promise<unknown>;
  /** The test's name when the path is found on another page. */
  name?: string;
  /** The empty site (the main e2e server) rather than the sweep's demo server. */
  emptySite?: boolean;
};

/** A post with its Conversation loaded (it loads when scrolled into view). */
const withConversation = (path: string): Stop => ({ path, ready: (page) => conversation(page) });

/** The address of a link on `from`, for pages whose address holds an id. */
const linkOn =
  (from: string, name: string | RegExp): Stop["path"] =>
  async (page) => {
    await page.goto(from);
    await waitForHydration(page);
    const href = await page.getByRole("link", { name }).first().getAttribute("href");
    if (!href) throw new Error(`no link ${name} on ${from}`);
    return href;
  };

const ADMIN_PAGES = [
  "/admin",
  "/admin?tab=users",
  "/admin?tab=posts",
  "/admin?tab=categories",
  "/admin?tab=notifications",
  "/admin/categories/new",
  "/admin/site-settings",
  "/admin/banned-words",
  "/admin/redirects",
  "/admin/activity",
  "/admin/analytics",
  "/admin/import",
  "/admin/reports",
  "/admin/content-api",
  "/admin/webhooks",
  "/admin/email",
];

const shows = (text: string | RegExp) => (page: Page) =>
  expect(page.getByRole("main").getByText(text).first()).toBeVisible();

/** The admin pages' states a URL reaches, checked at both widths by the journeys before. */
const ADMIN_STATES: Stop[] = [
  {
    path: `/admin/analytics?post=${GUIDE}&days=30`,
    ready: shows(/^Views per day, "How to set up a UK limited company/),
  },
  {
    path: `/admin/analytics?post=${GUIDE}&days=90`,
    ready: shows(/^Views in the last 90 days: \d+ in all$/),
  },
  { path: "/admin/activity?admin=aj_alice", ready: shows("Showing 1 to 50 of 58") },
  { path: "/admin/activity?admin=aj_alice&page=2", ready: shows("Showing 51 to 58 of 58") },
  {
    path: "/admin/activity?admin=aj_alice&action=user.approve&from=2025-03-02&to=2025-03-02",
    ready: shows("Showing 1 to 24 of 24"),
  },
  { path: "/admin/activity?admin=aj_bob&action=post.delete", ready: shows("Showing 1 to 5 of 5") },
];

/** The admin pages whose rows come from SWEEP_SQL (a row in view), or that are empty. */
const ADMIN_ROWS: Stop[] = [
  { path: "/admin/redirects", ready: shows("/old-about") },
  { path: "/admin/reports", ready: shows("Advertising, not a question.") },
  { path: "/admin/banned-words", ready: shows("No banned words yet") },
  { path: "/admin/webhooks", ready: shows("No webhooks yet.") },
  { path: "/admin/content-api", ready: shows("No keys yet.") },
];

/**
 * One test per stop: the page, then axe. A failure names the role, theme, screen and page, and
 * each stop has the journeys' 30 s bound to itself.
 */
function sweep(where: string, stops: Array<string | Stop>) {
  for (const entry of stops) {
    const stop = typeof entry === "string" ? { path: entry } : entry;
    const label = typeof stop.path === "string" ? stop.path : (stop.name ?? "(found by its link)");
    test(`${where}: ${label}${stop.emptySite ? " (empty site)" : ""}`, async ({ page }) => {
      let path = typeof stop.path === "string" ? stop.path : await stop.path(page);
      if (stop.emptySite) path = new URL(path, test.info().project.use.baseURL).href;
      await page.goto(path);
      await waitForHydration(page);
      // Still the page asked for (a lost session would land on /login, and pass axe there).
      expect(new URL(page.url()).pathname, "the page reached").toBe(
        new URL(path, "http://site").pathname,
      );
      const dark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
      await expect(page.locator("html"), path).toHaveAttribute(
        "data-theme",
        dark ? "dark" : "light",
      );
      await stop.ready?.(page);
      await expectNoAxeViolations(page);
    });
  }
}

/**
 * The sweep's test: `role` picks a saved session (signed in once per role and worker, through
 * /login like a person); none means signed out.
 *
 * `page` is one page per role, theme and screen in each worker, which every stop of that kind
 * navigates (decision 0249): a new page for each stop started a renderer that compiled the
 * site's scripts again, and took 45 % longer over the same 16 stops (2 runs, 2026-11-29). Each
 * stop is still its own full page load (`page.goto`), with its own check of errors in the
 * browser (fixtures.ts) and its own axe run.
 */
const test = community.extend<
  { role: Role | undefined },
  { sessions: (role: Role) => Promise<StorageState>; pages: Map<string, Promise<Page>> }
>({
  role: [undefined, { option: true }],
  sessions: [
    async ({ browser, communityServer }, provide) => {
      const saved = new Map<Role, Promise<StorageState>>();
      await provide((role) => {
        if (!saved.has(role)) saved.set(role, signIn(browser, communityServer.url, role));
        return saved.get(role)!;
      });
    },
    { scope: "worker" },
  ],
  pages: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
    async ({}, provide) => {
      const pages = new Map<string, Promise<Page>>();
      await provide(pages);
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: "worker" },
  ],
  page: async (
    { browser, pages, role, sessions, baseURL, colorScheme, viewport, storageState },
    provide,
  ) => {
    const kind = JSON.stringify({ role, colorScheme, viewport });
    if (!pages.has(kind)) {
      pages.set(
        kind,
        (async () => {
          const context = await browser.newContext({
            baseURL,
            colorScheme,
            viewport,
            storageState: role ? await sessions(role) : storageState,
          });
          return context.newPage();
        })(),
      );
    }
    const page = await pages.get(kind)!;
    await provide(page);
    // The next stop starts from a blank page, whatever this one left (an open stream, a dialog);
    // a page that cannot get there (it crashed, or hung past the stop's bound) is not reused.
    try {
      await page.goto("about:blank", { timeout: 10_000 });
    } catch {
      pages.delete(kind);
      await page.context().close();
    }
  },
});
async function signIn(browser: Browser, baseURL: string, role: Role): Promise<StorageState> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signInAs(page, PEOPLE[role], "/");
    return await context.storageState();
  } finally {
    await context.close();
  }
}

test.use({ communitySql: SWEEP_SQL });
// The stops share the workers; each takes 3 to 6 s with axe on a busy 2-core machine, and up to
// 33 s for the admin's table of 40 posts with both cores 13 times oversubscribed: axe's bound is 60 s.
test.describe.configure({ mode: "parallel", timeout: 60_000 });

const PHONE = { width: 360, height: 800 };

test.describe("signed out", () => {
  sweep("signed out, desktop, light", [
    "/",
    "/?category=guides",
    "/?category=bogus",
    "/categories",
    "/categories/guides",
    "/categories/podcast",
    "/categories/events",
    "/categories/no-such-topic",
    "/tag/market-entry",
    "/tag/no-such-tag",
    withConversation(`/post/${GUIDE}`),
    "/post/uk-india-trade-what-founders-should-watch-this-quarter",
    "/post/innovator-founder-visa-what-first-time-founders-need-to-know",
    "/post/episode-12-building-a-fintech-bridge-between-mumbai-and-london",
    "/post/bengaluru-office-hours-with-our-mentors",
    "/post/london-founder-meet-up-uk-india-expansion-night",
    "/post/no-such-post",
    "/search?q=visa",
    "/search?q=company",
    "/search?q=zzqxyzzy",
  ]);

  sweep("signed out, desktop, light", [
    "/login",
    "/login?verified=1",
    "/login?reset=success",
    "/signup",
    "/verify-otp?email=someone%40example.com",
    "/verify-email-sent?email=someone%40example.com",
    "/resend-verification",
    "/forgot-password",
    "/reset-password?token=not-a-real-token-123",
    {
      path: "/unsubscribe?token=not-a-real-token",
      ready: shows(/unsubscribe link is not valid/),
    },
    "/about",
    "/our-story",
    "/vision",
    "/our-services",
    "/expand-business-to-uk",
    "/expand-business-to-india",
    "/partner-with-us",
    "/cookie-policy",
    "/no/such/page-e2e",
    "/404",
    "/health",
  ]);

  sweep("signed out, desktop, light, empty site", [
    { path: "/", emptySite: true },
    { path: "/categories", emptySite: true },
    { path: "/categories/events", emptySite: true },
  ]);

  test.describe("dark", () => {
    test.use({ colorScheme: "dark" });
    sweep("signed out, desktop, dark", [
      "/",
      "/categories",
      `/post/${GUIDE}`,
      "/search?q=company",
      "/login",
      "/categories/events",
      "/post/bengaluru-office-hours-with-our-mentors",
    ]);
  });

  test.describe("phone", () => {
    test.use({ viewport: PHONE });
    sweep("signed out, phone, light", [{ path: "/", emptySite: true }]);
  });
});

test.describe("pending member", () => {
  test.use({ role: "pending" });
  sweep("pending (Emily), desktop, light", [
    "/edit-profile?firstTime=true",
    "/pending-approval",
    withConversation(`/post/${LIKED}`),
    `/user/${DEMO.sarah.username}`,
  ]);
});

test.describe("member", () => {
  test.use({ role: "member" });
  sweep("member (Tom), desktop, light", [
    "/",
    withConversation(`/post/${COMMENTED}`),
    withConversation(`/post/${LIKED}`),
    { path: "/favorites", ready: shows(/^Saved /) },
    "/notifications",
    "/settings/notifications",
    "/settings/two-factor",
    "/edit-profile",
    `/user/${DEMO.tom.username}`,
    `/user/${DEMO.sarah.username}`,
  ]);
});

test.describe("mentor", () => {
  test.use({ role: "mentor" });
  sweep("mentor (Rohan), desktop, light", [
    "/",
    "/create-post",
    "/my-posts",
    `/edit-post/${MENTOR_POST}`,
    { path: linkOn(`/edit-post/${MENTOR_DRAFT}`, "Preview"), name: "the draft's preview" },
    // A mentor may delete members' comments: a Delete button on each.
    withConversation("/post/our-first-uk-customer-took-nine-months"),
    { path: "/favorites", ready: shows("You haven't saved any posts yet") },
    "/notifications",
    "/notifications?filter=unread",
  ]);

  test.describe("phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });
    sweep("mentor (Rohan), phone, light", ["/create-post"]);
  });
});

test.describe("admin", () => {
  test.use({ role: "admin" });
  sweep("admin (Meera), desktop, light", [
    ...ADMIN_PAGES.filter((path) => !ADMIN_ROWS.some((stop) => stop.path === path)),
    ...ADMIN_ROWS,
    "/admin?tab=users&q=daniel_okafor",
    "/admin?tab=users&q=nobody-is-called-this",
    "/admin?tab=posts&q=Rohan",
    "/admin?tab=categories&failed=category-load",
    { path: linkOn("/admin?tab=categories", "Edit Guides"), name: "editing Guides" },
    ...ADMIN_STATES,
    // An admin may delete any comment, and edit the post.
    withConversation("/post/our-first-uk-customer-took-nine-months"),
  ]);

  test.describe("phone", () => {
    test.use({ viewport: PHONE });
    sweep("admin (Meera), phone, light", [...ADMIN_PAGES, ...ADMIN_STATES]);
  });

  test.describe("dark", () => {
    test.use({ colorScheme: "dark" });
    sweep("admin (Meera), desktop, dark", [
      "/create-post",
      "/admin",
      "/admin?tab=users",
      "/admin?tab=posts",
      "/admin?tab=categories",
      "/admin?tab=notifications",
      "/admin/site-settings",
      "/admin/banned-words",
      "/admin/redirects",
      "/admin/reports",
      "/my-posts",
      "/notifications",
    ]);
  });
});
