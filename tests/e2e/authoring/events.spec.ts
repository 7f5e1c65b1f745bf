import type { ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { expect, expectNoAxeViolations, test, waitForHydration } from "../fixtures";
import { signIn, startServer, stopServer, ownPort } from "../support/accounts";

const run = promisify(execFile);

/**
 * Events and captions (docs/decisions/0113, docs/decisions/0115) on their own server: a mentor sees
 * the event fields only once Events is chosen, gets a mistake back beside
 * its field, publishes an event with a captioned video, and the post page
 * shows the date, time zone and place with "Add to calendar", whose .ics
 * download a calendar library reads; axe is clean in the light and the dark
 * theme on the form and the page; /categories/events lists it as upcoming.
 */
test.describe("events", () => {
  const port = ownPort(22);
  const dataDir = path.join(tmpdir(), `founderbridge-e2e-events-${port}`);
  const mentor = {
    email: "events.e2e@example.com",
    username: "eventse2e",
    password: "Events-Pass-123",
  };
  let server: ChildProcess | undefined;
  test.use({ baseURL: `http://127.0.0.1:${port}`, acceptDownloads: true });
  test.describe.configure({ mode: "serial", timeout: 90_000 });

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
        "Priya Events",
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

  async function axeInBothThemes(page: Page) {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator("html")).toHaveAttribute("data-theme", scheme);
      await expectNoAxeViolations(page);
    }
  }

  test("a mentor publishes an event; readers add it to a calendar", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/login");
    await signIn(page, mentor.email, mentor.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto("/create-post");
    await waitForHydration(page, "#post-form");
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();

    // The event fields appear only once Events is the category.
    const event = page.getByRole("group", { name: "Event" });
    await expect(event).toBeHidden();
    await page.getByLabel("Category").selectOption({ label: "Guides" });
    await expect(event).toBeHidden();
    await page.getByLabel("Category").selectOption({ label: "Events" });
    await expect(event).toBeVisible();
    await axeInBothThemes(page);
    await page.emulateMedia({ colorScheme: "light" });

    const year = new Date().getUTCFullYear() + 1;
    const title = `Bengaluru demo day ${Date.now().toString(36)}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Excerpt").fill("Six founders demo to UK investors.");
    await page.getByLabel("Featured video URL").fill("/uploads/videos/demo-day.mp4");
    await page.getByLabel("Upload a captions file").setInputFiles({
      name: "demo-day.vtt",
      mimeType: "text/vtt",
      buffer: Buffer.from("WEBVTT\n\n00:00.000 --> 00:03.000\nWelcome to demo day.\n"),
    });
    await expect(page.getByText("Captions uploaded.")).toBeVisible();
    await expect(page.getByLabel("Captions file (WebVTT)")).toHaveValue(
      /^\/uploads\/captions\/.+\.vtt$/,
    );
    await page.getByLabel("Upload a captions file").setInputFiles({
      name: "notes.vtt",
      mimeType: "text/vtt",
      buffer: Buffer.from("1\n00:00:00,000 --> 00:00:03,000\nNot WebVTT\n"),
    });
    await expect(
      page.getByText("Captions must be a WebVTT file (.vtt, starting with WEBVTT)"),
    ).toBeVisible();
    await page.getByLabel("Captions language").fill("en-GB");
    await page.getByLabel("Captions label").fill("English (UK)");

    await page.getByLabel("Starts").fill(`${year}-02-14T17:00`);
    // Ends before it starts: the message comes back beside the field, nothing typed lost.
    await page.getByLabel("Ends").fill(`${year}-02-14T16:00`);
    await page.getByLabel("Time zone").selectOption("Asia/Kolkata");
    await page.getByLabel("Venue").fill("NASSCOM CoE, Indiranagar, Bengaluru");
    await page.getByLabel("Booking link").fill("https://tickets.example/demo-day");
    await page.getByRole("button", { name: "Publish" }).click();
    const ends = page.getByLabel("Ends");
    await expect(page.locator("#post-event_ends_at-error")).toHaveText(
      "The event must end after it starts",
    );
    await expect(ends).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Venue")).toHaveValue("NASSCOM CoE, Indiranagar, Bengaluru");
    await expect(event).toBeVisible();
    await waitForHydration(page, "#post-form");
    await ends.fill(`${year}-02-14T20:30`);
    await page.getByRole("button", { name: "Publish" }).click();

    await page.waitForURL(/\/post\/bengaluru-demo-day-/);
    const postPath = new URL(page.url()).pathname;
    const details = page.getByRole("region", { name: "Event details" });
    await expect(details).toBeVisible();
    await expect(details).toContainText(`14 February ${year}`);
    await expect(details).toContainText("17:00 – 20:30");
    await expect(details).toContainText("Asia/Kolkata (GMT+5:30)");
    await expect(details).toContainText("NASSCOM CoE, Indiranagar, Bengaluru");
    await expect(details.getByRole("link", { name: "Book a place" })).toHaveAttribute(
      "href",
      "https://tickets.example/demo-day",
    );
    const track = page.locator('video track[kind="captions"]');
    await expect(track).toHaveAttribute("srclang", "en-GB");
    await expect(track).toHaveAttribute("label", "English (UK)");
    await expect(track).toHaveAttribute("src", /^\/uploads\/captions\/.+\.vtt$/);

    await details.getByText("Add to calendar").click();
    await expect(details.getByRole("link", { name: "Google Calendar" })).toHaveAttribute(
      "href",
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
    );
    await expect(details.getByRole("link", { name: "Outlook.com" })).toBeVisible();
    await axeInBothThemes(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      details.getByRole("link", { name: /Calendar file \(\.ics\)/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${postPath.split("/").pop()}.ics`);
    const ics = await readFile(await download.path(), "utf8");
    const vevent = new ICAL.Component(ICAL.parse(ics) as unknown[]).getFirstSubcomponent("vevent")!;
    const parsed = new ICAL.Event(vevent);
    expect(parsed.summary).toBe(title);
    expect(parsed.startDate.toJSDate().toISOString()).toBe(`${year}-02-14T11:30:00.000Z`);
    expect(parsed.endDate.toJSDate().toISOString()).toBe(`${year}-02-14T15:00:00.000Z`);
    expect(parsed.location).toBe("NASSCOM CoE, Indiranagar, Bengaluru");
    expect(vevent.getFirstPropertyValue("url")).toBe("https://tickets.example/demo-day");

    await page.goto("/categories/events");
    const upcoming = page.getByRole("region", { name: "Upcoming events" });
    await expect(upcoming.getByRole("link", { name: title })).toBeVisible();
    await expect(upcoming).toContainText("Asia/Kolkata (GMT+5:30)");
    await axeInBothThemes(page);
  });
});
