/**
 * docs/decisions/0138: a member turns on authenticator codes (password, then a code),
 * sign-in with a password then asks for a code or a recovery code, a wrong
 * code is refused, codes are rate-limited, and turning it off takes a code.
 * docs/decisions/0166: each authenticator code is taken once, and never one older than
 * the last taken. The clock is fixed (only Date is faked), so codes are known.
 */
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createAuth, type Auth } from "#server/auth";
import { accounts, profiles, sessions, twoFactors, users } from "#server/db/schema";
import type { Mailer } from "#server/mail";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { logIn } from "./login.server";
import {
  confirmEnrolment,
  disableTwoFactor,
  startEnrolment,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PER_IP,
  verifySignInCode,
} from "./two-factor.server";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const SITE = "http://localhost:3999";
const PASSWORD = "Secret123";
const testDb = testDatabaseForThisFile();
let auth: Auth;
let passwordHash: string;
let ipCounter = 0;
const mailer: Mailer = { kind: "outbox", send: async () => {}, close: async () => {} };

/** A fresh address per test, so the per-IP limit of one test does not touch another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

/** Request headers carrying the cookies a response set (name=value only). */
function withCookies(setCookie: string[]): Headers {
  const pairs = setCookie
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => pair.split("=")[1] !== "");
  return new Headers({ origin: SITE, cookie: pairs.join("; ") });
}

async function member(email: string, username: string) {
  const user = await createUser(testDb.db, { email, username, profileCompleted: true });
  await testDb.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await testDb.db.insert(accounts).values({
    id: `acc-${user.id}`,
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password: passwordHash,
  });
  return user;
}

const signIn = (email: string, ip = freshIp()) =>
  logIn(
    { db: testDb.db, auth },
    { email, password: PASSWORD },
    { ip, userAgent: "vitest", headers: new Headers({ origin: SITE }) },
  );

/** 10:00:00 UTC, the start of a 30-second step: each test starts there. */
const START = Date.UTC(2026, 10, 28, 10, 0, 0);
const STEP_MS = 30_000;
/** The clock `steps` 30-second steps after START. */
const atStep = (steps: number) => vi.setSystemTime(START + steps * STEP_MS);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The code an authenticator app shows now (the fixed clock). */
const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** A member with authenticator codes on: returns the secret and recovery codes. */
async function enrolled(email: string, username: string) {
  const user = await member(email, username);
  const first = await signIn(email);
  if (!first.ok) throw new Error(first.error);
  const headers = withCookies(first.setCookie);
  const started = await startEnrolment(auth, PASSWORD, headers);
  if (!started.ok) throw new Error(started.error);
  const { secret, recoveryCodes } = started.enrolment;
  const confirmed = await confirmEnrolment({ db: testDb.db, auth }, user.id, codeFor(secret), {
    ip: freshIp(),
    headers,
  });
  if (!confirmed.ok) throw new Error(confirmed.error);
  // The code that turned them on is spent: what follows happens one step (30 s) later.
  atStep(1);
  return { user, secret, recoveryCodes, headers: withCookies(confirmed.setCookie) };
}

beforeAll(async () => {
  auth = createAuth({
    db: testDb.db,
    siteUrl: SITE,
    siteName: "FounderBridge",
    secret: SECRET,
    mailer,
  });
  passwordHash = await hashPassword(PASSWORD);
});

describe("turning two-factor authentication on", () => {
  it("asks for the password, shows a QR code, the secret and recovery codes, then a code", async () => {
    const user = await member("tara@example.com", "tara");
    const first = await signIn("tara@example.com");
    if (!first.ok) throw new Error(first.error);
    expect(first.twoFactor).toBe(false);
    const headers = withCookies(first.setCookie);

    expect(await startEnrolment(auth, "wrong-password", headers)).toEqual({
      ok: false,
      error: TWO_FACTOR_MESSAGES.wrongPassword,
      status: 400,
    });
    const started = await startEnrolment(auth, PASSWORD, headers);
    if (!started.ok) throw new Error(started.error);
    expect(started.enrolment.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(started.enrolment.qrCodeSvg).toMatch(/^<svg[^>]*>/);
    expect(started.enrolment.recoveryCodes).toHaveLength(10);

    const deps = { db: testDb.db, auth };
    const wrong = await confirmEnrolment(deps, user.id, "000000", { ip: freshIp(), headers });
    expect(wrong).toEqual({ ok: false, error: TWO_FACTOR_MESSAGES.wrongCode, status: 400 });
    const [before] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(before!.twoFactorEnabled).toBe(false);

    const right = await confirmEnrolment(deps, user.id, codeFor(started.enrolment.secret), {
      ip: freshIp(),
      headers,
    });
    expect(right.ok).toBe(true);
    const [after] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.twoFactorEnabled).toBe(true);
    const [stored] = await testDb.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, user.id));
    // Stored encrypted, never as the secret or the codes themselves.
    expect(stored!.verified).toBe(true);
    expect(stored!.secret).not.toContain(started.enrolment.secret);
    expect(stored!.backupCodes).not.toContain(started.enrolment.recoveryCodes[0]);
  });
});

describe("signing in with a second factor", () => {
  it("gives no session for the password alone; the right code makes one", async () => {
    const { user, secret } = await enrolled("uma@example.com", "uma");
    await testDb.db.delete(sessions).where(eq(sessions.userId, user.id));
    await testDb.db.update(profiles).set({ lastLoginAt: null }).where(eq(profiles.id, user.id));

    const first = await signIn("uma@example.com");
    if (!first.ok) throw new Error(first.error);
    expect(first.twoFactor).toBe(true);
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const headers = withCookies(first.setCookie);
    const deps = { db: testDb.db, auth };
    const ip = freshIp();

    const wrong = await verifySignInCode(deps, { code: "000000", method: "totp" }, { ip, headers });
    expect(wrong).toEqual({ ok: false, error: TWO_FACTOR_MESSAGES.wrongCode, status: 400 });
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    const right = await verifySignInCode(
      deps,
      { code: codeFor(secret), method: "totp" },
      { ip, headers },
    );
    expect(right.ok).toBe(true);
    expect(
      await testDb.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(1);
    const [profile] = await testDb.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile!.lastLoginAt).not.toBeNull();

    // The two-factor cookie is spent: the same code again makes no second session.
    const again = await verifySignInCode(
      deps,
      { code: codeFor(secret), method: "totp" },
      { ip, headers },
    );
    expect(again).toEqual({ ok: false, error: TWO_FACTOR_MESSAGES.expired, status: 401 });
  });

  it("takes a recovery code once", async () => {
    const { user, recoveryCodes } = await enrolled("vik@example.com", "vik");
    const deps = { db: testDb.db, auth };
    const attempt = async (code: string) => {
      const first = await signIn("vik@example.com");
      if (!first.ok) throw new Error(first.error);
      return verifySignInCode(
        deps,
        { code, method: "recovery" },
        { ip: freshIp(), headers: withCookies(first.setCookie) },
      );
    };
    expect(await attempt("not-a-code")).toEqual({
      ok: false,
      error: TWO_FACTOR_MESSAGES.wrongRecoveryCode,
      status: 400,
    });
    await testDb.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await attempt(recoveryCodes[0]!)).ok).toBe(true);
    expect(
      await testDb.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(1);
    expect(await attempt(recoveryCodes[0]!)).toEqual({
      ok: false,
      error: TWO_FACTOR_MESSAGES.wrongRecoveryCode,
      status: 400,
    });
  });

  it("limits the codes tried from one address", async () => {
    await enrolled("wes@example.com", "wes");
    const ip = freshIp();
    const deps = { db: testDb.db, auth };
    const results = [];
    for (let i = 0; i <= TWO_FACTOR_PER_IP.max; i++) {
      const first = await signIn("wes@example.com");
      if (!first.ok) throw new Error(first.error);
      results.push(
        await verifySignInCode(
          deps,
          { code: "000000", method: "totp" },
          { ip, headers: withCookies(first.setCookie) },
        ),
      );
    }
    expect(results.slice(0, TWO_FACTOR_PER_IP.max).map((r) => !r.ok && r.error)).toEqual(
      Array(TWO_FACTOR_PER_IP.max).fill(TWO_FACTOR_MESSAGES.wrongCode),
    );
    expect(results.at(-1)).toEqual({ ok: false, error: TWO_FACTOR_MESSAGES.tooMany, status: 429 });
  });
});

describe("turning two-factor authentication off", () => {
  it("takes the password and a current code; sign-in then needs only the password", async () => {
    const { user, secret, headers } = await enrolled("xia@example.com", "xia");
    const deps = { db: testDb.db, auth };
    expect(
      await disableTwoFactor(
        deps,
        user.id,
        { password: PASSWORD, code: "000000" },
        { ip: freshIp(), headers },
      ),
    ).toEqual({ ok: false, error: TWO_FACTOR_MESSAGES.wrongCode, status: 400, field: "code" });
    expect(
      await disableTwoFactor(
        deps,
        user.id,
        { password: "wrong-password", code: codeFor(secret) },
        { ip: freshIp(), headers },
      ),
    ).toEqual({
      ok: false,
      error: TWO_FACTOR_MESSAGES.wrongPassword,
      status: 400,
      field: "password",
    });
    const off = await disableTwoFactor(
      deps,
      user.id,
      { password: PASSWORD, code: codeFor(secret) },
      { ip: freshIp(), headers },
    );
    expect(off.ok).toBe(true);
    const [row] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorEnabled).toBe(false);
    expect(await testDb.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual(
      [],
    );
    const next = await signIn("xia@example.com");
    expect(next).toMatchObject({ ok: true, twoFactor: false });
  });
});

describe("an authenticator code is taken once (docs/decisions/0166)", () => {
  /** A new password sign-in (a new challenge) answered with `code`. */
  async function signInWith(email: string, code: string) {
    const first = await signIn(email);
    if (!first.ok) throw new Error(first.error);
    expect(first.twoFactor).toBe(true);
    return verifySignInCode(
      { db: testDb.db, auth },
      { code, method: "totp" },
      { ip: freshIp(), headers: withCookies(first.setCookie) },
    );
  }
  const sessionsOf = (userId: string) =>
    testDb.db.select().from(sessions).where(eq(sessions.userId, userId));
  const used = { ok: false, error: TWO_FACTOR_MESSAGES.usedCode, status: 400 };

  it("refuses a second password sign-in with the same code", async () => {
    const { user, secret } = await enrolled("yan@example.com", "yan");
    await testDb.db.delete(sessions).where(eq(sessions.userId, user.id));
    const code = codeFor(secret);
    expect((await signInWith("yan@example.com", code)).ok).toBe(true);
    expect(await sessionsOf(user.id)).toHaveLength(1);

    // Another sign-in with the password, within the same 30 seconds, and the same code.
    expect(await signInWith("yan@example.com", code)).toEqual(used);
    expect(await sessionsOf(user.id)).toHaveLength(1);
    // Still refused a step later (the library would still take it then).
    atStep(2);
    expect(await signInWith("yan@example.com", code)).toEqual(used);
    // The next code works.
    expect((await signInWith("yan@example.com", codeFor(secret))).ok).toBe(true);
    expect(await sessionsOf(user.id)).toHaveLength(2);
  });

  it("refuses the previous step's code once a newer one was used", async () => {
    const { secret } = await enrolled("zoe@example.com", "zoe");
    atStep(2);
    const previous = codeFor(secret); // never used
    atStep(3);
    expect((await signInWith("zoe@example.com", codeFor(secret))).ok).toBe(true);
    expect(await signInWith("zoe@example.com", previous)).toEqual(used);
  });

  it("takes the previous step's code when no newer one was used (the clock may drift)", async () => {
    const { secret } = await enrolled("ada@example.com", "ada");
    atStep(2);
    const previous = codeFor(secret);
    atStep(3);
    expect((await signInWith("ada@example.com", previous)).ok).toBe(true);
  });

  it("refuses turning codes off, or confirming again, with the code that turned them on", async () => {
    const user = await member("bo@example.com", "bo");
    const first = await signIn("bo@example.com");
    if (!first.ok) throw new Error(first.error);
    const started = await startEnrolment(auth, PASSWORD, withCookies(first.setCookie));
    if (!started.ok) throw new Error(started.error);
    const deps = { db: testDb.db, auth };
    const code = codeFor(started.enrolment.secret);
    const on = await confirmEnrolment(deps, user.id, code, {
      ip: freshIp(),
      headers: withCookies(first.setCookie),
    });
    if (!on.ok) throw new Error(on.error);
    const headers = withCookies(on.setCookie);

    expect(await confirmEnrolment(deps, user.id, code, { ip: freshIp(), headers })).toEqual(used);
    expect(
      await disableTwoFactor(
        deps,
        user.id,
        { password: PASSWORD, code },
        { ip: freshIp(), headers },
      ),
    ).toEqual({ ...used, field: "code" });
    const [still] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(still!.twoFactorEnabled).toBe(true);

    // A step later: a mistyped password does not spend the new code.
    atStep(1);
    const next = codeFor(started.enrolment.secret);
    expect(
      await disableTwoFactor(
        deps,
        user.id,
        { password: "wrong-password", code: next },
        { ip: freshIp(), headers },
      ),
    ).toMatchObject({ ok: false, error: TWO_FACTOR_MESSAGES.wrongPassword, field: "password" });
    const off = await disableTwoFactor(
      deps,
      user.id,
      { password: PASSWORD, code: next },
      { ip: freshIp(), headers },
    );
    expect(off.ok).toBe(true);
  });
});
