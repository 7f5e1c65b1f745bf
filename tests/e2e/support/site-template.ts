/**
 * Data folders the journeys' own servers start from, made once per run by
 * tests/e2e/global-setup.ts, so that no journey waits for a migration, for the
 * demo content to be rendered, for a sign-up or for a server restart to
 * promote anyone:
 *
 * - `site`: an empty site with the accounts of site-accounts.ts (a pool of
 *   admins, a mentor, a member, a pending member), made in the database before
 *   the server first starts (seed-site.ts);
 * - `demo`: the demo content, every demo account's password set to
 *   DEMO_PASSWORD, and the admins' two-factor requirement off.
 *
 * Each account is signed in once, through /login as a browser would, while the
 * template's server runs; the session cookies are saved beside the folder
 * (`<name>-sessions.json`). A server copied from the template holds the same
 * sessions and the same secret (DATA_DIR/secret), so the saved cookies serve
 * every journey on every copy. The address counters those sign-ins used are
 * emptied before the folder is copied.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";

export type TemplateName = "site" | "demo";

/** One folder per run (the port tells runs on one machine apart), known to every worker. */
export const TEMPLATES_ROOT = path.join(
  tmpdir(),
  `founderbridge-e2e-templates-${Number(process.env.E2E_PORT ?? 3100)}`,
);

export const templateDir = (name: TemplateName) => path.join(TEMPLATES_ROOT, name);
const sessionsFile = (name: TemplateName) => path.join(TEMPLATES_ROOT, `${name}-sessions.json`);
const idsFile = (name: TemplateName) => path.join(TEMPLATES_ROOT, `${name}-ids.json`);

export type SavedCookie = { name: string; value: string };
type Sessions = Record<string, SavedCookie[]>;

const sessionCache = new Map<TemplateName, Sessions>();

/** The saved session cookies of `email` on servers made from `template`. */
export async function savedSession(template: TemplateName, email: string): Promise<SavedCookie[]> {
  let sessions = sessionCache.get(template);
  if (!sessions) {
    sessions = JSON.parse(await readFile(sessionsFile(template), "utf8")) as Sessions;
    sessionCache.set(template, sessions);
  }
  const cookies = sessions[email.toLowerCase()];
  if (!cookies) throw new Error(`no saved session for ${email} in the ${template} template`);
  return cookies;
}

const idCache = new Map<TemplateName, Record<string, string>>();

/**
 * The user id of `email` on servers made from `template` (a copy keeps the template's ids), for
 * what a journey must sign with it, such as an unsubscribe link: no restart to read the database.
 */
export async function savedAccountId(template: TemplateName, email: string): Promise<string> {
  let ids = idCache.get(template);
  if (!ids) {
    ids = JSON.parse(await readFile(idsFile(template), "utf8")) as Record<string, string>;
    idCache.set(template, ids);
  }
  const id = ids[email.toLowerCase()];
  if (!id) throw new Error(`no account ${email} in the ${template} template`);
  return id;
}

/**
 * Puts saved session cookies into the page's browser context. Cookies do not
 * depend on the port, so they hold for whichever server on 127.0.0.1 the page
 * opens; each server knows only the sessions of its own template.
 */
export async function addSavedCookies(page: Page, cookies: SavedCookie[]) {
  await page.context().addCookies(
    cookies.map((c) => ({
      ...c,
      domain: "127.0.0.1",
      path: "/",
      httpOnly: true,
      sameSite: "Lax" as const,
    })),
  );
}

/** Copies a template into a new server's data folder. */
export async function copyTemplate(name: TemplateName, dataDir: string) {
  await cp(templateDir(name), dataDir, { recursive: true });
}

/** Runs statements on a data folder's embedded database while no server has it open. */
export async function withDatabase<T>(dataDir: string, change: (db: PGlite) => Promise<T>) {
  const db = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    extensions: { pg_trgm },
  });
  try {
    return await change(db);
  } finally {
    await db.close();
  }
}

/** Signs `email` in through the /login form, as a browser without JavaScript does. */
export async function signInOverHttp(
  baseUrl: string,
  email: string,
  password: string,
): Promise<SavedCookie[]> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, redirectTo: "/" }),
  });
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .map((pair) => ({
      name: pair.slice(0, pair.indexOf("=")),
      value: pair.slice(pair.indexOf("=") + 1),
    }))
    .filter((cookie) => cookie.value !== "");
  if (response.status !== 302 || !cookies.some((c) => c.name.includes("session_token"))) {
    const said = /"error\\?",\\?"([^"\\]*)/.exec(await response.text())?.[1];
    throw new Error(`signing in ${email} answered ${response.status}${said ? `: ${said}` : ""}`);
  }
  return cookies;
}

/** Empties the per-address counters (sign-ups, sign-ins) that making the template used. */
export const RESET_ADDRESS_LIMITS_SQL = "DELETE FROM signup_attempts; DELETE FROM rate_limits";

/**
 * Makes a template: `prepare` fills the folder (before or by the first start),
 * `adjust` runs on its database with the server stopped, then every account in
 * `accounts` is signed in on a running server and the counters are emptied.
 */
export async function makeTemplate(options: {
  name: TemplateName;
  prepare(dataDir: string): Promise<void>;
  adjust?: (db: PGlite) => Promise<void>;
  accounts(dataDir: string): Promise<{ email: string; password: string }[]>;
  env?: Record<string, string>;
  start: (
    dataDir: string,
    env: Record<string, string>,
  ) => Promise<{ url: string; stop(): Promise<void> }>;
}) {
  const dataDir = templateDir(options.name);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await options.prepare(dataDir);
  if (options.adjust) await withDatabase(dataDir, options.adjust);
  const accounts = await options.accounts(dataDir);
  const server = await options.start(dataDir, options.env ?? {});
  const sessions: Sessions = {};
  try {
    for (const account of accounts) {
      sessions[account.email.toLowerCase()] = await signInOverHttp(
        server.url,
        account.email,
        account.password,
      );
    }
  } finally {
    await server.stop();
  }
  const ids = await withDatabase(dataDir, async (db) => {
    await db.exec(RESET_ADDRESS_LIMITS_SQL);
    const { rows } = await db.query<{ id: string; email: string }>("SELECT id, email FROM users");
    return Object.fromEntries(rows.map((row) => [row.email.toLowerCase(), row.id]));
  });
  await writeFile(sessionsFile(options.name), JSON.stringify(sessions), { mode: 0o600 });
  await writeFile(idsFile(options.name), JSON.stringify(ids), { mode: 0o600 });
}

const run = promisify(execFile);

/** The empty site's accounts, made in its database before its server ever starts. */
export async function seedSite(dataDir: string) {
  await run(process.execPath, ["--import", "tsx", "tests/e2e/support/seed-site.ts", dataDir], {
    env: { ...process.env, LOG_LEVEL: "warn" },
  });
}

/** Every demo account's password, for the journeys that sign in as one. */
export const DEMO_PASSWORD = "Bridge-Journey-2026";

export async function setDemoPasswords(db: PGlite) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const updated = await db.query(
    "UPDATE accounts SET password = $1 WHERE provider_id = 'credential'",
    [hash],
  );
  if (!updated.affectedRows) throw new Error("no demo accounts to set passwords on");
  // The demo admin signs in with a password alone (docs/decisions/0140).
  await db.exec("UPDATE site_settings SET require_admin_two_factor = false");
}

export async function demoAccountEmails(dataDir: string): Promise<string[]> {
  return withDatabase(dataDir, async (db) => {
    const { rows } = await db.query<{ email: string }>(
      // A blocked member cannot sign in ("Account access denied"), nor an unverified one.
      `SELECT u.email FROM users u
       JOIN accounts a ON a.user_id = u.id
       JOIN profiles p ON p.id = u.id
       WHERE a.provider_id = 'credential' AND p.status <> 'blocked' AND u.email_verified
       ORDER BY u.email`,
    );
    return rows.map((r) => r.email);
  });
}
