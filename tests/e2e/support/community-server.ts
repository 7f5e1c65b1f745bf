import { hashPassword } from "better-auth/crypto";
import { expect, type Page } from "@playwright/test";
import { test as base, waitForHydration } from "../fixtures";
import { OwnServer } from "./own-server";

/**
 * The community journeys run on a server of their own with the demo content
 * (people, posts, follows, favourites). Demo passwords exist in clear only in
 * the first seed's output, so the journey stops the server once and sets a
 * known password for every demo account (Better Auth's scrypt hash).
 */
export const DEMO_PASSWORD = "Bridge-Journey-2026";

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

/** Demo seeding renders images: slow on a busy machine. */
export const COMMUNITY_SERVER_TIMEOUT_MS = 300_000;

/**
 * Starts a demo-content server on a free port and a fresh database, then sets
 * DEMO_PASSWORD on every credential account; `extraSql` runs in the same stop.
 */
export async function startCommunityServer(extraSql: string[] = []): Promise<OwnServer> {
  const server = await OwnServer.start({ env: { DEMO_CONTENT: "true" } });
  try {
    const hash = await hashPassword(DEMO_PASSWORD);
    await server.offline(async (db) => {
      const updated = await db.query(
        "UPDATE accounts SET password = $1 WHERE provider_id = 'credential'",
        [hash],
      );
      if (!updated.affectedRows) throw new Error("no demo accounts to set passwords on");
      // The demo admin signs in with a password alone (docs/decisions/0140).
      await db.exec("UPDATE site_settings SET require_admin_two_factor = false");
      for (const statement of extraSql) await db.exec(statement);
    });
  } catch (error) {
    await server.dispose();
    throw error;
  }
  return server;
}

/** Signs in through /login and waits to leave it. */
export async function signInAs(page: Page, email: string, redirectTo = "/") {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 20_000 });
  await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
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
