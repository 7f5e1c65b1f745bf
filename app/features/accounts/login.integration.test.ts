import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "#server/auth";
import { accounts, loginAttempts, profiles, sessions, users } from "#server/db/schema";
import type { Mailer } from "#server/mail";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import {
  afterLoginPath,
  LOCKOUT,
  LOGIN_MESSAGES,
  LOGIN_MIN_MS,
  logIn,
  safeRedirect,
} from "./login.server";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const SITE = "http://localhost:3999";
const testDb = testDatabaseForThisFile();
let auth: Auth;
let passwordHash: string;
const mailer: Mailer = { kind: "outbox", send: async () => {}, close: async () => {} };
const context = { ip: "203.0.113.5", userAgent: "vitest", headers: new Headers({ origin: SITE }) };
const login = (email: string, password: string) =>
  logIn({ db: testDb.db, auth }, { email, password }, context);

async function member(over: Parameters<typeof createUser>[1] = {}, emailVerified = true) {
  const user = await createUser(testDb.db, {
    email: "asha@example.com",
    username: "asha",
    ...over,
  });
  await testDb.db.update(users).set({ emailVerified }).where(eq(users.id, user.id));
  await testDb.db.insert(accounts).values({
    id: `acc-${user.id}`,
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password: passwordHash,
  });
  return user;
}

beforeAll(async () => {
  auth = createAuth({
    db: testDb.db,
    siteUrl: SITE,
    siteName: "FounderBridge",
    secret: SECRET,
    mailer,
  });
  passwordHash = await hashPassword("Secret123");
});

describe("login", () => {
  it("signs in, sets the session cookie and last_login_at", async () => {
    const user = await member({ profileCompleted: true });
    const result = await login("Asha@Example.com", "Secret123");
    expect(result).toMatchObject({ ok: true, profileCompleted: true });
    expect(result.ok && result.setCookie.join()).toMatch(/session_token=.*HttpOnly/i);
    const [profile] = await testDb.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile!.lastLoginAt).toBeInstanceOf(Date);
  });

  it("says Invalid email or password for a wrong password and an unknown e-mail, both after 300 ms", async () => {
    await member();
    for (const [email, password] of [
      ["asha@example.com", "Wrong123"],
      ["nobody@example.com", "Secret123"],
      ["", ""],
    ] as const) {
      const started = performance.now();
      const result = await login(email, password);
      expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_MIN_MS - 5);
      expect(result).toMatchObject({ ok: false, error: LOGIN_MESSAGES.invalid });
    }
  });

  it("gives no session to an unverified e-mail", async () => {
    await member({}, false);
    expect(await login("asha@example.com", "Secret123")).toMatchObject({
      error: LOGIN_MESSAGES.unverified,
    });
    expect(await testDb.db.select().from(sessions)).toEqual([]);
  });

  it("denies a blocked member and leaves no session", async () => {
    await member({ status: "blocked" });
    expect(await login("asha@example.com", "Secret123")).toMatchObject({
      error: LOGIN_MESSAGES.blocked,
    });
    expect(await testDb.db.select().from(sessions)).toEqual([]);
  });

  it("locks the account for 15 minutes after 5 failures in 15 minutes", async () => {
    const user = await member();
    for (let i = 0; i < LOCKOUT.failures; i++) {
      expect(await login("asha@example.com", "Wrong123")).toMatchObject({
        error: LOGIN_MESSAGES.invalid,
      });
    }
    const [profile] = await testDb.db.select().from(profiles).where(eq(profiles.id, user.id));
    const minutes = (profile!.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.5);
    expect(minutes).toBeLessThanOrEqual(15);
    // Even the right password is refused while locked.
    expect(await login("asha@example.com", "Secret123")).toMatchObject({
      error: LOGIN_MESSAGES.locked,
    });
    // Once the lock has passed, the right password works and the count starts again.
    await testDb.db.update(profiles).set({ lockedUntil: new Date(Date.now() - 1000) });
    expect(await login("asha@example.com", "Secret123")).toMatchObject({ ok: true });
    for (let i = 0; i < LOCKOUT.failures - 1; i++) await login("asha@example.com", "Wrong123");
    const [after] = await testDb.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(after!.lockedUntil).toBeNull();
  });

  it("a success resets the failure count", async () => {
    const user = await member();
    for (let i = 0; i < LOCKOUT.failures - 1; i++) await login("asha@example.com", "Wrong123");
    expect(await login("asha@example.com", "Secret123")).toMatchObject({ ok: true });
    await login("asha@example.com", "Wrong123");
    const [profile] = await testDb.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile!.lockedUntil).toBeNull();
    expect(await testDb.db.select().from(loginAttempts)).toHaveLength(LOCKOUT.failures + 1);
  });

  it("sends members to complete their profile first, else back where they came from", () => {
    expect(afterLoginPath(false, "/favorites")).toBe("/edit-profile?firstTime=true");
    expect(afterLoginPath(true, "/favorites")).toBe("/favorites");
    expect(afterLoginPath(true, "")).toBe("/");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("/login")).toBe("/");
  });
});
