import { expect, type Page } from "@playwright/test";
import { test as base } from "../fixtures";
import { OwnServer } from "./own-server";
import { addSavedCookies, DEMO_PASSWORD, savedSession } from "./site-template";

/**
 * The community journeys run on a server of their own with the demo content
 * (people, posts, follows, favourites), copied from the run's `demo` template:
 * every demo account has the password DEMO_PASSWORD and a saved session
 * (support/site-template.ts, made once by tests/e2e/global-setup.ts).
 */
export { DEMO_PASSWORD };

export const DEMO = {
  priya: { email: "priya.sharma@example.com", username: "priya_sharma", name: "Priya Sharma" },
  tom: { email: "tom.bennett@example.com", username: "tom_bennett", name: "Tom Bennett" },
  james: { email: "james.patel@example.com", username: "james_patel", name: "James Patel" },
  sarah: {
    email: "sarah.whitfield@example.com",
    username: "sarah_whitfield",
    name: "Sarah Whitfield",
  },
  /**
   * Reaches the per-member comment limit (5 a minute) in comments.spec, so no
   * other journey comments as her: one that ran within that minute would be refused.
   */
  kavya: { email: "kavya.reddy@example.com", username: "kavya_reddy", name: "Kavya Reddy" },
  /** Verified, profile complete, not yet approved by an admin. */
  ishaan: { email: "ishaan.verma@example.com", username: "ishaan_verma", name: "Ishaan Verma" },
  // Pending like Ishaan (profile not completed), but no journey approves her (admin-journeys approves Ishaan on the
  // same worker's server, so a journey that needs a pending member uses her).
  emily: { email: "emily.clarke@example.com", username: "emily_clarke", name: "Emily Clarke" },
} as const;

/** Copying the template takes a second; a busy machine may take longer to start. */
export const COMMUNITY_SERVER_TIMEOUT_MS = 120_000;

/**
 * Starts a demo-content server on a free port from a copy of the `demo` template;
 * `extraSql` runs on its database before it starts.
 */
export async function startCommunityServer(extraSql: string[] = []): Promise<OwnServer> {
  return OwnServer.start({
    template: "demo",
    env: { DEMO_CONTENT: "true" },
    beforeStart: async (db) => {
      for (const statement of extraSql) await db.exec(statement);
    },
  });
}

/**
 * Signs `email` in on `page` with the session saved when the template was made
 * (no sign-in form: tests/e2e/accounts-*.spec.ts walk through it), then opens
 * `redirectTo`, as the form would after signing in.
 */
export async function signInAs(page: Page, email: string, redirectTo = "/") {
  await addSavedCookies(page, await savedSession("demo", email));
  await page.goto(redirectTo);
  // The admin pages have their own shell, without the header's bell (docs/decisions/0259).
  const signedIn = redirectTo.startsWith("/admin")
    ? page.getByRole("navigation", { name: "Admin pages" })
    : page.getByRole("button", { name: /^Notifications/ });
  await expect(signedIn).toBeVisible();
}

/** The post's (first) Conversation section, scrolled into view so that it loads. */
export async function conversation(page: Page) {
  const section = page.getByRole("region", { name: /^Conversation/ }).first();
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole("status")).toHaveCount(0);
  return section;
}

/** The comment count in the header of the page's own post. */
export function headerCommentCount(page: Page) {
  return page
    .getByRole("main")
    .locator("article")
    .first()
    .locator("header")
    .getByRole("link", { name: /^\d+ comments?$/ });
}

/** Collects uncaught errors and console errors of a page the fixture does not watch. */
export function watchBrowserErrors(page: Page, allowed: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (text.startsWith("Failed to load resource: the server responded with a status of")) return;
    if (allowed.some((pattern) => pattern.test(text))) return;
    errors.push(`console.error: ${text}`);
  });
  return errors;
}

/**
 * The journeys' test: a demo-content server per worker (started once for the
 * file, stopped and removed afterwards) and every page's baseURL on it.
 * `communitySql` runs while the server is stopped, before the first test.
 */
export const test = base.extend<object, { communitySql: string[]; communityServer: OwnServer }>({
  communitySql: [[], { option: true, scope: "worker" }],
  communityServer: [
    async ({ communitySql }, provide) => {
      const server = await startCommunityServer(communitySql);
      try {
        await provide(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: "worker", timeout: COMMUNITY_SERVER_TIMEOUT_MS },
  ],
  baseURL: async ({ communityServer }, provide) => provide(communityServer.url),
});
