/**
 * `npm run screenshots`: pictures of the main pages, so that the next person can see what a change
 * did to them. It builds the site, starts the production build on a fresh embedded database with
 * the demo content, signs in through /login as a member, a mentor and the admin with the passwords
 * the first start prints, and saves each page at 1280×800 and 390×844, light and dark, as
 * `<folder>/<role>/<page>-<width>-<theme>.png` (whole page), plus `index.md` listing every picture
 * with its address and height.
 *
 * SCREENSHOTS_DIR names the folder (default `screenshots/`, which git ignores); SCREENSHOTS_ONLY
 * keeps the pages whose name contains one of its comma-separated words (e.g. `home,admin`);
 * SCREENSHOTS_PORT (default 4250) is where the server listens, on 127.0.0.1. Chromium comes from
 * CHROMIUM_PATH (default /usr/bin/chromium), as for the journeys.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4250);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = path.resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
const ONLY = (process.env.SCREENSHOTS_ONLY ?? "")
  .split(",")
  .map((word) => word.trim())
  .filter(Boolean);

export type Role = "visitor" | "member" | "mentor" | "admin";

/** A page to picture: where it is (or how to find it), for whom. */
export type Shot = {
  name: string;
  role: Role;
  path: string | ((page: Page) => Promise<string>);
};

export const SCREENS = [
  { label: "1280", viewport: { width: 1280, height: 800 } },
  { label: "390", viewport: { width: 390, height: 844 } },
] as const;
export const THEMES = ["light", "dark"] as const;

/** The first link inside main whose address matches `pattern`, on `from`. */
const firstLinkOn =
  (from: string, pattern: RegExp) =>
  async (page: Page): Promise<string> => {
    await page.goto(from);
    const hrefs = await page
      .getByRole("main")
      .locator("a[href]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const found = hrefs.find((href) => pattern.test(href));
    if (!found) throw new Error(`no link like ${pattern} on ${from}`);
    return found;
  };

export const SHOTS: Shot[] = [
  // What a visitor sees.
  { name: "home", role: "visitor", path: "/" },
  {
    name: "article",
    role: "visitor",
    path: "/post/set-up-a-uk-limited-company-from-india-step-by-step",
  },
  { name: "event-post", role: "visitor", path: "/post/bengaluru-office-hours-with-our-mentors" },
  { name: "podcast-post", role: "visitor", path: firstLinkOn("/categories/podcast", /^\/post\//) },
  { name: "categories", role: "visitor", path: "/categories" },
  { name: "category", role: "visitor", path: "/categories/events" },
  { name: "search", role: "visitor", path: "/search?q=visa" },
  { name: "profile", role: "visitor", path: "/user/rohan_mehta" },
  { name: "about", role: "visitor", path: "/about" },
  { name: "sign-in", role: "visitor", path: "/login" },
  { name: "sign-up", role: "visitor", path: "/signup" },
  { name: "not-found", role: "visitor", path: "/no-such-page" },
  // A member.
  { name: "home", role: "member", path: "/" },
  {
    name: "article",
    role: "member",
    path: "/post/set-up-a-uk-limited-company-from-india-step-by-step",
  },
  { name: "favourites", role: "member", path: "/favorites" },
  { name: "notifications", role: "member", path: "/notifications" },
  { name: "edit-profile", role: "member", path: "/edit-profile" },
  { name: "email-settings", role: "member", path: "/settings/notifications" },
  // A mentor writing.
  { name: "studio-new", role: "mentor", path: "/create-post" },
  {
    name: "studio-edit",
    role: "mentor",
    path: "/edit-post/ama-recap-rohan-mehta-on-raising-pre-seed-in-london",
  },
  { name: "my-posts", role: "mentor", path: "/my-posts" },
  // The admin.
  { name: "admin-dashboard", role: "admin", path: "/admin" },
  { name: "admin-members", role: "admin", path: "/admin?tab=users" },
  { name: "admin-posts", role: "admin", path: "/admin?tab=posts" },
  { name: "admin-categories", role: "admin", path: "/admin?tab=categories" },
  { name: "admin-analytics", role: "admin", path: "/admin/analytics" },
  { name: "admin-reports", role: "admin", path: "/admin/reports" },
  { name: "admin-site-settings", role: "admin", path: "/admin/site-settings" },
];

/** Whom each role signs in as (the demo people). */
const PEOPLE: Record<Exclude<Role, "visitor">, string> = {
  member: "tom.bennett@example.com",
  mentor: "rohan.mehta@example.com",
  admin: "meera.iyer@example.com",
};

/** The demo accounts' passwords from the first start's message (server/db/seed-demo.ts). */
export function passwordsFromBanner(stdout: string): Map<string, string> {
  const passwords = new Map<string, string>();
  for (const line of stdout.split("\n")) {
    const match = /^\s+(admin|mentor|user)\s+\S+\s+(\S+@\S+)\s+(\S+)\s*$/.exec(line);
    if (match) passwords.set(match[2]!, match[3]!);
  }
  return passwords;
}

/** Keeps a shot when SCREENSHOTS_ONLY is empty or names part of it. */
export function wanted(shot: Shot, only: string[]): boolean {
  const id = `${shot.role}/${shot.name}`;
  return only.length === 0 || only.some((word) => id.includes(word));
}

async function startServer(dataDir: string): Promise<{ server: ChildProcess; stdout: string }> {
  const server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      SITE_URL: BASE,
      DATA_DIR: dataDir,
      DEMO_CONTENT: "true",
      DATABASE_URL: "",
      BETTER_AUTH_SECRET: "",
      SMTP_URL: "",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  server.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return { server, stdout };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not start within 2 minutes");
}

/** Signs in through /login as a person would; answers the session for new contexts. */
async function signIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "founderbridge-screenshots-"));
  const { server, stdout } = await startServer(dataDir).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  const index: string[] = [
    "# Screenshots",
    "",
    `Made ${new Date().toISOString()} from ${BASE}.`,
    "",
  ];
  let count = 0;
  try {
    const passwords = passwordsFromBanner(stdout);
    const shots = SHOTS.filter((shot) => wanted(shot, ONLY));
    const sessions = new Map<Role, Awaited<ReturnType<typeof signIn>>>();
    for (const role of new Set(shots.map((shot) => shot.role))) {
      if (role === "visitor") continue;
      const password = passwords.get(PEOPLE[role]);
      if (!password) throw new Error(`no password for ${PEOPLE[role]} in the first start's output`);
      sessions.set(role, await signIn(browser, PEOPLE[role], password));
    }
    for (const screen of SCREENS) {
      for (const theme of THEMES) {
        for (const shot of shots) {
          const context = await browser.newContext({
            baseURL: BASE,
            viewport: screen.viewport,
            colorScheme: theme,
            storageState: sessions.get(shot.role),
          });
          const page = await context.newPage();
          try {
            const address = typeof shot.path === "string" ? shot.path : await shot.path(page);
            await page.goto(address, { waitUntil: "load" });
            // Late parts (the Conversation, the bell) and web fonts settle.
            await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
            const folder = path.join(OUT, shot.role);
            mkdirSync(folder, { recursive: true });
            const file = path.join(folder, `${shot.name}-${screen.label}-${theme}.png`);
            await page.screenshot({ path: file, fullPage: true });
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            const width = await page.evaluate(() => document.documentElement.scrollWidth);
            const wide =
              width > screen.viewport.width ? ` (${width} px wide: scrolls sideways)` : "";
            index.push(`- ${path.relative(OUT, file)}: ${address}, ${height} px tall${wide}`);
            count++;
          } finally {
            await context.close();
          }
        }
      }
    }
    writeFileSync(path.join(OUT, "index.md"), index.join("\n") + "\n");
    console.log(`${count} screenshots in ${OUT} (index.md lists them)`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
