/**
 * /admin/content-api and /admin/webhooks in a real browser (docs/operations.md#content-api): an
 * admin creates a Content API key, sees it once, reads the API with it,
 * revokes it and the API answers 401; an admin adds a webhook and sees its
 * secret, and a bad URL is refused with what was typed kept. Axe on each.
 */
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { signedInAdmin, test } from "./support/admin";
import { at } from "#tests/support/json";

test("an admin creates a Content API key, uses it and revokes it", async ({
  page,
  adminServer,
}) => {
  await signedInAdmin(page, adminServer);
  await page.goto("/admin/content-api");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Content API", level: 1 })).toBeVisible();
  await expect(page.getByText("No keys yet.")).toBeVisible();

  await page.getByLabel("Name").fill("Static front-end");
  await page.getByRole("button", { name: "Create Key" }).click();
  await expect(page.getByRole("status")).toContainText("Copy it now");
  const key = await page.getByLabel("New key for Static front-end").inputValue();
  expect(key).toMatch(/^fbk_/);
  await expectNoAxeViolations(page);

  const api = `${adminServer.url}/api/content/v1/posts`;
  expect((await page.request.get(api)).status()).toBe(401);
  const ok = await page.request.get(api, { headers: { Authorization: `Bearer ${key}` } });
  expect(ok.status()).toBe(200);
  expect(at(await ok.json(), "meta", "pagination", "page")).toBe(1);

  await page.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("status")).toHaveText("Key revoked.");
  await expect(page.getByText(/^Revoked /)).toBeVisible();
  expect((await page.request.get(`${api}?key=${key}`)).status()).toBe(401);
});

test("an admin adds a webhook; a bad URL is refused keeping what was typed", async ({
  page,
  adminServer,
}) => {
  await signedInAdmin(page, adminServer);
  await page.goto("/admin/webhooks");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();

  await page.getByLabel("URL").fill("ftp://hooks.example/founderbridge");
  await page.getByRole("button", { name: "Add Webhook" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid http(s) URL");
  await expect(page.getByLabel("URL")).toHaveValue("ftp://hooks.example/founderbridge");
  await expectNoAxeViolations(page);

  await page.getByLabel("URL").fill("https://hooks.example/founderbridge");
  await page.getByLabel("post.updated").uncheck();
  await page.getByRole("button", { name: "Add Webhook" }).click();
  await expect(page.getByRole("status")).toHaveText("Webhook added.");
  await expect(page.getByText("https://hooks.example/founderbridge")).toBeVisible();
  await expect(page.getByText("post.published, post.deleted, member.approved")).toBeVisible();
  await expect(page.getByText(/^whsec_/)).toBeVisible();
  await expectNoAxeViolations(page);
});
