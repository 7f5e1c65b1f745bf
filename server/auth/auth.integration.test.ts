import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSessionUser } from "~/features/accounts/session.server";
import { TEST_AUTH_SECRET, testAuthForThisFile } from "#tests/support/test-auth";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { profiles, sessions, users, verifications } from "../db/schema";
import { createAuth } from "./auth";
import { revokeAllSessions } from "./sessions";

const SITE = "http://localhost:3999";
const testDb = testDatabaseForThisFile();
const { auth, sent, mailer } = testAuthForThisFile(testDb, { site: SITE });

const headers = () => new Headers({ origin: SITE, "x-founderbridge-client-ip": "203.0.113.9" });
const lastCode = () => sent.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;

async function signUp(email = "asha@example.com", username = "Asha_K") {
  return auth.api.signUpEmail({
    body: { name: "Asha K", email, password: "Secret123", username },
    headers: headers(),
  });
}

async function signIn(email = "asha@example.com", password = "Secret123") {
  return auth.api.signInEmail({
    body: { email, password },
    headers: headers(),
    returnHeaders: true,
  });
}

async function errorOf(promise: Promise<unknown>): Promise<{ status?: unknown; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { status?: unknown; message: string };
  }
  throw new Error("expected an error");
}

describe("auth instance", () => {
  it("creates the auth user and a pending profile together, and mails a 6-digit code", async () => {
    await signUp();
    const [user] = await testDb.db.select().from(users);
    expect(user).toMatchObject({
      email: "asha@example.com",
      username: "asha_k",
      emailVerified: false,
    });
    const [profile] = await testDb.db.select().from(profiles);
    expect(profile).toMatchObject({
      id: user!.id,
      email: "asha@example.com",
      username: "asha_k",
      fullName: "Asha K",
      role: "user",
      status: "pending",
      profileCompleted: false,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("asha@example.com");
    expect(lastCode()).toMatch(/^\d{6}$/);
    // The code expires in 10 minutes.
    const [row] = await testDb.db.select().from(verifications);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it("writes no auth user when the profile cannot be written (one transaction)", async () => {
    // A profile already holds the username, though no auth user does.
    await testDb.db
      .insert(users)
      .values({ id: "u-x", name: "X", email: "x@example.com", username: "x_other" });
    await testDb.db
      .insert(profiles)
      .values({ id: "u-x", email: "x@example.com", username: "clash" });
    await errorOf(signUp("new@example.com", "clash"));
    const rows = await testDb.db.select().from(users).where(eq(users.email, "new@example.com"));
    expect(rows).toEqual([]);
  });

  it("refuses usernames with characters other than letters, digits and underscore", async () => {
    const error = await errorOf(signUp("b@example.com", "bad-name"));
    expect(error.message).toMatch(/invalid/i);
  });

  it("gives no session before the e-mail is verified", async () => {
    await signUp();
    const error = await errorOf(signIn());
    expect(error.message).toBe("Email not verified");
    expect(await testDb.db.select().from(sessions)).toEqual([]);
  });

  it("voids the code after 5 wrong tries", async () => {
    await signUp();
    const code = lastCode();
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const error = await errorOf(
        auth.api.verifyEmailOTP({ body: { email: "asha@example.com", otp: wrong } }),
      );
      expect(error.message).toMatch(/invalid/i);
    }
    const error = await errorOf(
      auth.api.verifyEmailOTP({ body: { email: "asha@example.com", otp: code } }),
    );
    expect(error.message).toMatch(/too many attempts|invalid|expired/i);
    const [user] = await testDb.db.select().from(users);
    expect(user!.emailVerified).toBe(false);
  });

  it("says expired for an expired code", async () => {
    await signUp();
    await testDb.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const error = await errorOf(
      auth.api.verifyEmailOTP({ body: { email: "asha@example.com", otp: lastCode() } }),
    );
    expect(error.message).toMatch(/expired/i);
  });

  it("verifies with the code, then signs in with an httpOnly SameSite=Lax cookie", async () => {
    await signUp();
    await auth.api.verifyEmailOTP({ body: { email: "asha@example.com", otp: lastCode() } });
    const { headers: answer } = await signIn();
    const cookie = answer.get("set-cookie")!;
    expect(cookie).toMatch(/better-auth\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    // The code's own session (docs/decisions/0256) and the password's.
    expect(await testDb.db.select().from(sessions)).toHaveLength(2);
  });

  it("marks cookies Secure when the site is served over https", async () => {
    const secureAuth = createAuth({
      db: testDb.db,
      siteUrl: "https://founderbridge.example",
      siteName: "FounderBridge",
      secret: TEST_AUTH_SECRET,
      mailer,
    });
    await signUp();
    await auth.api.verifyEmailOTP({ body: { email: "asha@example.com", otp: lastCode() } });
    const { headers: answer } = await secureAuth.api.signInEmail({
      body: { email: "asha@example.com", password: "Secret123" },
      headers: new Headers({ origin: "https://founderbridge.example" }),
      returnHeaders: true,
    });
    expect(answer.get("set-cookie")).toMatch(/__Secure-better-auth\.session_token=.*Secure/i);
  });
});

describe("sessions", () => {
  /** Signed in by the right code (autoSignInAfterVerification, docs/decisions/0256). */
  async function signedInRequest() {
    await signUp();
    const { headers: answer } = await auth.api.verifyEmailOTP({
      body: { email: "asha@example.com", otp: lastCode() },
      returnHeaders: true,
    });
    const cookie = answer.get("set-cookie")!.split(";")[0]!;
    return new Request(`${SITE}/`, { headers: { cookie } });
  }

  it("getSessionUser gives the member with role and status", async () => {
    const request = await signedInRequest();
    const user = await getSessionUser(request, { auth, db: testDb.db });
    expect(user).toMatchObject({
      username: "asha_k",
      role: "user",
      status: "pending",
      profileCompleted: false,
    });
  });

  it("ends at once a session whose e-mail is not confirmed", async () => {
    const request = await signedInRequest();
    await testDb.db.update(users).set({ emailVerified: false });
    expect(await getSessionUser(request, { auth, db: testDb.db })).toBeNull();
    expect(await testDb.db.select().from(sessions)).toEqual([]);
  });

  it("ends a blocked member's sessions", async () => {
    const request = await signedInRequest();
    await testDb.db.update(profiles).set({ status: "blocked" });
    expect(await getSessionUser(request, { auth, db: testDb.db })).toBeNull();
    expect(await testDb.db.select().from(sessions)).toEqual([]);
  });

  it("revokeAllSessions ends every session of the member", async () => {
    const request = await signedInRequest();
    await signIn();
    const [user] = await testDb.db.select().from(users);
    expect(await revokeAllSessions(testDb.db, user!.id)).toBe(2);
    expect(await getSessionUser(request, { auth, db: testDb.db })).toBeNull();
    expect(await testDb.db.execute(sql`SELECT 1 FROM sessions`)).toMatchObject({ rows: [] });
  });
});
