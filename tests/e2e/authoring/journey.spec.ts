import type { ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "../fixtures";
import { signIn, startServer, stopServer } from "../support/accounts";

const run = promisify(execFile);

/**
 * The authoring journey on its own server and database: a mentor (made with
 * admin:create, then given the mentor role) writes, publishes, finds the post
 * on home, category and search, edits, saves as draft (gone from the site);
 * autosave fires 60 s after the last change; a reload restores unsaved text.
 */
test.describe("authoring", () => {
  const port = Number(process.env.E2E_PORT ?? 3100) + 20;
  const dataDir = path.join(tmpdir(), `founderbridge-e2e-authoring-${port}`);
  const mentor = {
    email: "mentor.e2e@example.com",
    username: "mentore2e",
    password: "Writer-Pass-123",
  };
  let server: ChildProcess | undefined;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await rm(dataDir, { recursive: true, force: true });
    const child = run(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/create-admin.ts",
        "--email",
        mentor.email,
        "--username",
        mentor.username,
        "--name",
        "Meera Writer",
        "--password-stdin",
      ],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" } },
    );
    child.child.stdin?.end(mentor.password);
    await child;
    const db = await PGlite.create({
      dataDir: path.join(dataDir, "pglite"),
      extensions: { pg_trgm },
    });
    await db.query(
      "UPDATE profiles SET role = 'mentor', profile_completed = true WHERE email = $1",
      [mentor.email],
    );
    await db.close();
    server = await startServer(port, dataDir);
  });
  test.afterAll(async () => {
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signInAsMentor(page: Page) {
    await page.goto("/login");
    await signIn(page, mentor.email, mentor.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  }

  test("visitors are sent home from the authoring pages", async ({ page }) => {
    for (const path of ["/create-post", "/my-posts", "/edit-post/anything"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    await expect(page.getByRole("link", { name: "Write" })).toHaveCount(0);
  });

  test("write, publish, find on the site, edit, save as draft, gone", async ({ page }) => {
    await signInAsMentor(page);
    await page.getByRole("link", { name: "Write" }).first().click();
    await expect(page).toHaveURL(/\/create-post$/);
    await expect(page.getByRole("heading", { name: "Create New Post" })).toBeVisible();
    await waitForHydration(page, "#post-form");
    const editor = page.getByRole("textbox", { name: "Content" });
    await expect(editor).toBeVisible();
    await expectNoAxeViolations(page);

    const title = `Crossing borders ${Date.now().toString(36)}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await editor.click();
    await page.keyboard.type("Founders moving between Bengaluru and Leeds ");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("should read this");
    await page.getByLabel("Tags").fill("Market Entry, uk , market entry");
    await page.getByLabel("Excerpt").fill("A short guide.");
    await page.getByRole("button", { name: "Publish" }).click();

    await page.waitForURL(/\/post\/crossing-borders-/);
    const postUrl = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.locator("strong", { hasText: "should read this" })).toBeVisible();

    await page.goto("/");
    await expect(page.getByText(title).first()).toBeVisible();
    await page.goto("/categories/uncategorized");
    await expect(page.getByText(title).first()).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent("Bengaluru and Leeds")}`);
    await expect(page.getByText(title).first()).toBeVisible();

    await page.goto("/my-posts");
    await expectNoAxeViolations(page);
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row.getByText("published")).toBeVisible();
    await row.getByRole("link", { name: /Edit/ }).click();
    await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
    await waitForHydration(page, "#post-form");
    await expect(page.getByLabel("Tags")).toHaveValue("market entry, uk");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page.getByText("Draft saved.")).toBeVisible();

    const response = await page.goto(postUrl);
    expect(response?.status()).toBe(404);
    await page.goto("/");
    await expect(page.getByText(title)).toHaveCount(0);
  });

  test("autosave fires 60 s after the last change; a reload restores unsaved text", async ({
    page,
  }) => {
    await signInAsMentor(page);
    await page.clock.install();
    await page.goto("/create-post");
    await waitForHydration(page, "#post-form");
    await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill("Autosaved thoughts");
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Half a paragraph");
    await page.clock.fastForward(30_000);
    await expect(page.getByText(/^Saved at \d\d:\d\d$/)).toHaveCount(0);
    await page.clock.fastForward(31_000);
    await expect(page.getByText(/^Saved at \d\d:\d\d$/)).toBeVisible();

    await page.getByLabel("Excerpt").fill("Not saved anywhere but this browser");
    let warned = false;
    page.on("dialog", async (dialog) => {
      if (dialog.type() === "beforeunload") warned = true;
      await dialog.accept();
    });
    await page.reload();
    await waitForHydration(page, "#post-form");
    expect(warned).toBe(true);
    await expect(page.getByText("Unsaved changes from this browser were restored.")).toBeVisible();
    await expect(page.getByLabel("Excerpt")).toHaveValue("Not saved anywhere but this browser");
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Autosaved thoughts");

    await page.goto("/my-posts");
    await expect(
      page.getByRole("row", { name: /Autosaved thoughts/ }).getByText("draft"),
    ).toBeVisible();
  });

  test("reader pages never load the editor", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await signInAsMentor(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.goto("/search?q=founders");
    await waitForHydration(page);
    expect(scripts.filter((u) => /rich-editor|post-form/.test(u))).toEqual([]);
    await page.goto("/create-post");
    await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
    expect(scripts.some((u) => /rich-editor/.test(u))).toBe(true);
  });
});
