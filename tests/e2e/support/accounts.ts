import { type ChildProcess, spawn } from "node:child_process";
import { readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "../fixtures";

/** The outbox of the main e2e server (playwright.config.ts: DATA_DIR). */
export const mainOutbox = path.join(
  tmpdir(),
  `founderbridge-e2e-${Number(process.env.E2E_PORT ?? 3100)}`,
  "outbox",
);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest outbox message to `email` whose text matches `pattern`; waits up to 5 s. */
export async function mailTo(outbox: string, email: string, pattern: RegExp): Promise<string> {
  const safe = email.replace(/[^a-zA-Z0-9@._-]/g, "_");
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((f) => f.endsWith(`-${safe}.txt`))
      .sort()
      .reverse();
    for (const file of files) {
      const text = await readFile(path.join(outbox, file), "utf8");
      const match = pattern.exec(text);
      if (match) return match[1] ?? match[0];
    }
    await sleep(100);
  }
  throw new Error(`No mail to ${email} matching ${pattern} in ${outbox}`);
}

export const codeIn = (outbox: string, email: string) =>
  mailTo(outbox, email, /verification code is (\d{6})\./);

export type Member = { fullName: string; username: string; email: string; password: string };

export function newMember(prefix: string): Member {
  const id = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { fullName: "Asha Test", username: id, email: `${id}@example.com`, password: "Secret123" };
}

/** Fills /signup like a person (the form refuses answers sooner than 3 s) and lands on /verify-otp. */
export async function signUp(page: Page, member: Member) {
  await page.goto("/signup");
  await waitForHydration(page);
  const started = Date.now();
  await page.getByLabel("Full name").fill(member.fullName);
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Confirm password").fill(member.password);
  await page.getByLabel(/I agree to the/).check();
  await sleep(Math.max(0, 3300 - (Date.now() - started)));
  await page.getByRole("button", { name: "Create account" }).click();
  try {
    await page.waitForURL(/\/verify-otp\?email=/, { timeout: 20_000 });
  } catch (error) {
    // Name the form's refusal (a limit, a taken name) rather than only the wait.
    const said = await page
      .getByRole("alert")
      .allTextContents()
      .catch(() => []);
    throw new Error(`sign-up did not reach /verify-otp; the page says: ${JSON.stringify(said)}`, {
      cause: error,
    });
  }
  await waitForHydration(page);
}

/** Types a 6-digit code into the boxes (the form submits itself when full). */
export async function typeCode(page: Page, code: string) {
  await page.getByLabel("Digit 1 of 6").focus();
  await page.keyboard.type(code);
}

/** The right code signs the member in and opens the profile to complete (docs/decisions/0256). */
export const VERIFIED_LANDING = /\/edit-profile\?firstTime=true&verified=1$/;

/** Signs up and enters the mailed code: signed in, on the profile to complete. */
export async function signUpAndVerifySignedIn(page: Page, outbox: string, member: Member) {
  await signUp(page, member);
  await typeCode(page, await codeIn(outbox, member.email));
  await page.waitForURL(VERIFIED_LANDING);
  await expect(
    page.getByText("Email verified successfully! Your account is pending approval."),
  ).toBeVisible();
}

/**
 * A verified member, then signed out again on /login: for the journeys that go on to sign in
 * (or to forget the password) themselves.
 */
export async function signUpAndVerify(page: Page, outbox: string, member: Member) {
  await signUpAndVerifySignedIn(page, outbox, member);
  await page.context().clearCookies();
  await page.goto("/login");
}

export async function signIn(page: Page, email: string, password: string) {
  if (!page.url().includes("/login")) await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A production server of our own (node server.js) on an embedded database in `dataDir`. */
/**
 * Starts a production server on a fresh embedded database in dataDir. On a
 * machine loaded far past its cores, PGlite's first initdb in a new folder has
 * twice failed at start-up ("could not create directory base/5: File exists",
 * errno 44), so a server that exits while starting is started once more on an
 * emptied folder, and the first failure is reported on stderr.
 */
/**
 * A port of a file's own server, E2E_PORT + `offset`, one per parallel slot: Playwright runs a
 * file in one worker, but `--repeat-each` spreads its repeats over the workers, and two servers
 * on one port and data folder broke each other (the second start emptied the first's folder).
 */
export function ownPort(offset: number): number {
  return (
    Number(process.env.E2E_PORT ?? 3100) +
    offset +
    100 * Number(process.env.TEST_PARALLEL_INDEX ?? 0)
  );
}

export async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  try {
    return await startServerOnce(port, dataDir);
  } catch (error) {
    if (!(error instanceof ServerExitedError)) throw error;
    console.error(
      `server on port ${port} exited while starting (${error.message}); starting again`,
    );
    await rm(dataDir, { recursive: true, force: true });
    return startServerOnce(port, dataDir);
  }
}

class ServerExitedError extends Error {}

async function startServerOnce(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BETTER_AUTH_SECRET: "",
      SMTP_URL: "",
      TRUST_PROXY: "false",
      DEMO_CONTENT: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new ServerExitedError(`exit code ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await sleep(200);
  }
  // Stop it for good before failing, so that its port is free for the next try.
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  throw new Error("server did not start in 60 s");
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
