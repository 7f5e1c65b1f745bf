import { startTestProvider, type TestProvider } from "#tests/support/oidc-provider";
import { test as base, expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { freePort, OwnServer } from "./support/own-server";

/**
 * Sign in with LinkedIn in the browser: a real OpenID Connect provider
 * (oidc-provider, tests/support/oidc-provider.ts) stands in for LinkedIn on 127.0.0.1,
 * and a production server of this file's own points at it
 * (LINKEDIN_ISSUER_URL) with the client's id and secret set. The provider's
 * own login and consent pages are not ours: axe checks only the site's pages.
 */
const PRIYA = {
  name: "Priya Sharma",
  given_name: "Priya",
  family_name: "Sharma",
  // LinkedIn's picture CDN, answered by the browser route below.
  picture: "https://media.licdn.example/priya.png",
  email: "",
  email_verified: true,
};

type Site = { idp: TestProvider; server: OwnServer; close(): Promise<void> };

// The provider and the server belong to this file's worker: started on first
// use, stopped after the file.
const test = base.extend<Record<never, never>, { site: Site }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
    async ({}, provide) => {
      // The provider accepts only the callback address it was given, so the
      // server's port is chosen first.
      const port = await freePort();
      const idp = await startTestProvider({
        redirectUri: `http://127.0.0.1:${port}/api/auth/callback/linkedin`,
      });
      let closed = false;
      const site: Site = {
        idp,
        server: await OwnServer.start({
          port,
          env: {
            LINKEDIN_CLIENT_ID: idp.clientId,
            LINKEDIN_CLIENT_SECRET: idp.clientSecret,
            LINKEDIN_ISSUER_URL: idp.issuer,
          },
        }).catch(async (error: unknown) => {
          await idp.close();
          throw error;
        }),
        async close() {
          if (closed) return;
          closed = true;
          await site.server.dispose();
          await idp.close();
        },
      };
      await provide(site);
      await site.close();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ site }, provide) => provide(site.server.url),
});
test.afterAll(async ({ site }) => {
  await site.close();
});
test.describe.configure({ timeout: 90_000 });

// A 1×1 transparent PNG.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

test("a new member signs in with LinkedIn and waits, pending, for approval", async ({
  page,
  site,
}) => {
  const { idp, server } = site;
  const login = `li-${Date.now().toString(36)}`;
  const email = `${login}@example.com`;
  idp.accounts.set(login, { ...PRIYA, email });
  // Outside addresses the provider's pages and the avatar would load (no network here).
  await page.route(/^https:\/\/fonts\.googleapis\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/css", body: "" }),
  );
  await page.route(/^https:\/\/media\.licdn\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
  );

  await page.goto("/login");
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Sign in with LinkedIn" }).click();

  // The provider's login page (any password: a test provider), then its consent page.
  await page.waitForURL(
    (url) => url.origin === idp.issuer && url.pathname.startsWith("/interaction/"),
  );
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.waitForURL(
    (url) => url.origin === idp.issuer && url.pathname.startsWith("/interaction/"),
  );
  await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();

  // Back on the site, signed in: a first visit completes the profile (docs/product/accounts.md#profiles).
  await page.waitForURL((url) => url.origin === server.url, { timeout: 30_000 });
  await expect(page).toHaveURL(/\/edit-profile\?firstTime=true$/);
  await waitForHydration(page);
  const header = page.locator("header").first();
  await expect(header.getByRole("button", { name: "Account menu for Priya Sharma" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);

  // Pending: /pending-approval admits signed-in pending members only.
  await page.goto("/pending-approval");
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByRole("heading", { name: "Account Pending Approval" })).toBeVisible();
  await waitForHydration(page);

  // The rows LinkedIn's answer made, read with the server stopped: the page leaves first, so
  // that its live notification stream is not cut under it (the browser logged the cut as a
  // reset, a refused reconnect or a broken chunk, whichever came first: a flake until 2026-11).
  await page.goto("about:blank");
  const rows = await server.offline(async (db) => {
    const profiles = await db.query<Record<string, unknown>>(
      `SELECT p.email, p.username, p.full_name, p.profile_photo_url, p.role, p.status,
              p.profile_completed, u.email_verified, a.provider_id, a.account_id
         FROM profiles p JOIN users u ON u.id = p.id JOIN accounts a ON a.user_id = p.id
        WHERE p.email = $1`,
      [email],
    );
    return profiles.rows;
  });
  expect(rows).toEqual([
    {
      email,
      // Derived from the name (a suffix when it is taken, e.g. on --repeat-each).
      username: expect.stringMatching(/^priya_sharma[a-z0-9_]*$/),
      full_name: "Priya Sharma",
      profile_photo_url: PRIYA.picture,
      role: "user",
      status: "pending",
      profile_completed: false,
      email_verified: true,
      provider_id: "linkedin",
      account_id: login,
    },
  ]);
});
