import { hashPassword } from "better-auth/crypto";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STORED_RESET_PREFIX } from "#server/auth/verification-identifiers";
import { accounts, sessions, users, verifications } from "#server/db/schema";
import type { MailMessage } from "#server/mail";
import { createUser } from "#tests/support/factories";
import { testAuthForThisFile } from "#tests/support/test-auth";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { logIn } from "./login.server";
import {
  FORGOT_LIMITS,
  isResetTokenValid,
  readEmailForm,
  requestPasswordReset,
  RESET_MESSAGES,
  RESET_PER_IP,
  resetPassword,
  resetProblem,
} from "./password-reset.server";
import { MESSAGES } from "./rules";

const SITE = "http://localhost:3999";
const testDb = testDatabaseForThisFile();
const { auth, sent } = testAuthForThisFile(testDb, { site: SITE });
const deps = () => ({ db: testDb.db, auth });
const IP = "198.51.100.7";

async function member() {
  const user = await createUser(testDb.db, { email: "ravi@example.com", username: "ravi" });
  await testDb.db.insert(accounts).values({
    id: `acc-${user.id}`,
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password: await hashPassword("OldSecret1"),
  });
  return user;
}

const tokenFromMail = (m: MailMessage) => /reset-password\?token=([\w-]+)/.exec(m.text)![1]!;
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const loginCtx = { ip: IP, userAgent: "vitest", headers: new Headers({ origin: SITE }) };

describe("forgot password", () => {
  it("answers the same for known and unknown e-mails and mails a link only to a member", async () => {
    await member();
    expect(await requestPasswordReset(deps(), "nobody@example.com", IP)).toEqual({ ok: true });
    expect(sent).toHaveLength(0);
    expect(await requestPasswordReset(deps(), "ravi@example.com", IP)).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("ravi@example.com");
    expect(sent[0]!.text).toContain(`${SITE}/reset-password?token=`);
    expect(sent[0]!.html).toContain("FounderBridge");
    expect(await isResetTokenValid(auth, tokenFromMail(sent[0]!))).toBe(true);
  });

  it("makes a token valid for one hour", async () => {
    await member();
    await requestPasswordReset(deps(), "ravi@example.com", IP);
    const [row] = await testDb.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, `${STORED_RESET_PREFIX}%`));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("limits requests per e-mail and per IP address", async () => {
    for (let i = 0; i < FORGOT_LIMITS.perEmail.max; i++)
      expect(await requestPasswordReset(deps(), "a@example.com", IP)).toEqual({ ok: true });
    expect(await requestPasswordReset(deps(), "a@example.com", "192.0.2.1")).toEqual({
      ok: false,
      error: RESET_MESSAGES.tooManyRequests,
      status: 429,
    });
    for (let i = 0; i < FORGOT_LIMITS.perIp.max - FORGOT_LIMITS.perEmail.max; i++)
      await requestPasswordReset(deps(), `b${i}@example.com`, IP);
    expect(await requestPasswordReset(deps(), "c@example.com", IP)).toMatchObject({ status: 429 });
  });

  it("validates the e-mail field with a clear message and keeps what was typed", () => {
    expect(readEmailForm(form({ email: " Ravi@Example.com " }))).toMatchObject({
      ok: true,
      email: "ravi@example.com",
    });
    expect(readEmailForm(form({ email: "not-an-email" }))).toMatchObject({
      ok: false,
      typed: "not-an-email",
      error: MESSAGES.emailInvalid,
      status: 400,
    });
    expect(readEmailForm(new FormData())).toMatchObject({ ok: false, status: 400 });
    const long = `${"a".repeat(5000)}@example.com`;
    expect(readEmailForm(form({ email: long }))).toMatchObject({ ok: false, status: 400 });
  });
});

describe("reset password", () => {
  it("checks the token, 6 characters and matching entries: not the sign-up strength rules", () => {
    const token = "abcdefghijklmnopqrstuvwx";
    const check = (password: string, confirmPassword = password, t = token) =>
      resetProblem({ token: t, password, confirmPassword });
    expect(check("Secret123", "Secret123", "")).toBe("Invalid reset link");
    expect(check("abc")).toBe("Password must be at least 6 characters");
    expect(check("Abc12")).toBe("Password must be at least 6 characters");
    expect(check("", "")).toBe("Password must be at least 6 characters");
    expect(check("Secret123", "Secret124")).toBe("Passwords do not match");
    expect(check("abcdef", "abcdeF")).toBe("Passwords do not match");
    expect(check("x".repeat(200))).toBe(MESSAGES.fieldTooLong);
    // docs/product/accounts.md#password-reset: 6 characters are enough at reset, whatever they are.
    for (const ok of ["abcdef", "Abc123", "abcdefg", "ABCDEFGH", "Secret123"])
      expect(check(ok), ok).toBeNull();
  });

  it("accepts a 6-character password such as abcdef, which then signs in", async () => {
    await member();
    await requestPasswordReset(deps(), "ravi@example.com", IP);
    const token = tokenFromMail(sent[0]!);
    expect(
      await resetPassword(deps(), { token, password: "abcdef", confirmPassword: "abcdef" }, IP),
    ).toEqual({ ok: true });
    expect(
      await logIn(deps(), { email: "ravi@example.com", password: "abcdef" }, loginCtx),
    ).toMatchObject({ ok: true });
  });

  it("sets the new password once, ends every session and voids the link", async () => {
    const user = await member();
    expect(
      await logIn(deps(), { email: "ravi@example.com", password: "OldSecret1" }, loginCtx),
    ).toMatchObject({ ok: true });
    expect(await testDb.db.select().from(sessions)).toHaveLength(1);
    await requestPasswordReset(deps(), "ravi@example.com", IP);
    const token = tokenFromMail(sent[0]!);
    const input = { token, password: "NewSecret2", confirmPassword: "NewSecret2" };
    expect(await resetPassword(deps(), input, IP)).toEqual({ ok: true });
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await isResetTokenValid(auth, token)).toBe(false);
    expect(await resetPassword(deps(), input, IP)).toEqual({
      ok: false,
      error: RESET_MESSAGES.invalidLink,
      status: 400,
    });
    expect(
      await logIn(deps(), { email: "ravi@example.com", password: "OldSecret1" }, loginCtx),
    ).toMatchObject({ ok: false });
    expect(
      await logIn(deps(), { email: "ravi@example.com", password: "NewSecret2" }, loginCtx),
    ).toMatchObject({ ok: true });
  });

  it("refuses a token read from the database: the table holds only its hash (docs/decisions/0170, docs/decisions/0171)", async () => {
    const user = await member();
    await requestPasswordReset(deps(), "ravi@example.com", IP);
    const rows = await testDb.db
      .select()
      .from(verifications)
      .where(eq(verifications.value, user.id));
    expect(rows).toHaveLength(1);
    const stored = rows[0]!.identifier;
    const mailed = tokenFromMail(sent[0]!);
    expect(stored).not.toContain(mailed);
    // What a reader of a backup or of the database could try: the whole
    // identifier, and what follows its kind.
    const candidates = [stored, stored.replace(/^[a-z-]+[:#]/, "")];
    for (const token of candidates) {
      expect(await isResetTokenValid(auth, token), token).toBe(false);
      const input = { token, password: "Hijacked1", confirmPassword: "Hijacked1" };
      expect(
        await resetPassword(deps(), input, `192.0.2.${candidates.indexOf(token) + 10}`),
      ).toMatchObject({
        ok: false,
      });
      await expect(
        auth.api.resetPassword({ body: { token, newPassword: "Hijacked1" } }),
      ).rejects.toThrow();
    }
    expect(
      await logIn(deps(), { email: "ravi@example.com", password: "Hijacked1" }, loginCtx),
    ).toMatchObject({ ok: false });
    // The mailed link still works, once.
    expect(await isResetTokenValid(auth, mailed)).toBe(true);
    const input = { token: mailed, password: "NewSecret2", confirmPassword: "NewSecret2" };
    expect(await resetPassword(deps(), input, IP)).toEqual({ ok: true });
    expect(
      await logIn(deps(), { email: "ravi@example.com", password: "NewSecret2" }, loginCtx),
    ).toMatchObject({ ok: true });
    expect(await isResetTokenValid(auth, mailed)).toBe(false);
  });

  it("refuses an expired or unknown token", async () => {
    await member();
    await requestPasswordReset(deps(), "ravi@example.com", IP);
    const token = tokenFromMail(sent[0]!);
    await testDb.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await isResetTokenValid(auth, token)).toBe(false);
    expect(await isResetTokenValid(auth, null)).toBe(false);
    expect(await isResetTokenValid(auth, "../../etc")).toBe(false);
    const input = { token, password: "NewSecret2", confirmPassword: "NewSecret2" };
    expect(await resetPassword(deps(), input, IP)).toMatchObject({
      error: RESET_MESSAGES.invalidLink,
    });
    expect(
      await resetPassword(deps(), { ...input, token: "zzzzzzzzzzzzzzzzzzzzzzzz" }, IP),
    ).toMatchObject({ error: RESET_MESSAGES.invalidLink, status: 400 });
    const [row] = await testDb.db.select().from(users);
    expect(row!.email).toBe("ravi@example.com");
  });

  it("limits reset submissions per IP address", async () => {
    const input = {
      token: "zzzzzzzzzzzzzzzzzzzzzzzz",
      password: "NewSecret2",
      confirmPassword: "NewSecret2",
    };
    for (let i = 0; i < RESET_PER_IP.max; i++) await resetPassword(deps(), input, IP);
    expect(await resetPassword(deps(), input, IP)).toEqual({
      ok: false,
      error: RESET_MESSAGES.tooManyResets,
      status: 429,
    });
  });
});
