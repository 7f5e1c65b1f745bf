import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "#server/auth";
import { profiles, signupAttempts, SITE_SETTINGS_ID, siteSettings, users } from "#server/db/schema";
import type { MailMessage, Mailer } from "#server/mail";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { MESSAGES } from "./rules";
import {
  elapsedSince,
  issueTimeToken,
  memberCount,
  readSignupForm,
  signUp,
  SIGNUP_LIMITS,
  type SignupInput,
} from "./signup.server";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const SITE = "http://localhost:3999";
const testDb = testDatabaseForThisFile();
let auth: Auth;
const sent: MailMessage[] = [];
const mailer: Mailer = {
  kind: "outbox",
  send: (m) => Promise.resolve(void sent.push(m)),
  close: async () => {},
};

const fourSecondsAgo = () => issueTimeToken(SECRET, Date.now() - 4000);
const valid = (over: Partial<SignupInput> = {}): SignupInput => ({
  fullName: "Asha K",
  username: "asha_k",
  email: "asha@example.com",
  password: "Secret123",
  confirmPassword: "Secret123",
  terms: true,
  trap: "",
  timeToken: fourSecondsAgo(),
  ...over,
});
const run = (input: SignupInput, ip = "203.0.113.7") =>
  signUp({ db: testDb.db, auth, secret: SECRET }, input, {
    ip,
    headers: new Headers({ origin: SITE }),
  });

beforeAll(() => {
  auth = createAuth({
    db: testDb.db,
    siteUrl: SITE,
    siteName: "FounderBridge",
    secret: SECRET,
    mailer,
  });
});
beforeEach(() => {
  sent.length = 0;
});

describe("sign-up checks, in the spec's order", () => {
  it("stops silently when the trap field is filled, creating nothing", async () => {
    const result = await run(valid({ trap: "http://spam.example", terms: false }));
    expect(result).toEqual({ ok: false, silent: true, status: 200 });
    expect(await testDb.db.select().from(users)).toEqual([]);
  });

  it("refuses a form sent within 3 seconds, and a forged or missing time token", async () => {
    const tooSoon = issueTimeToken(SECRET, Date.now() - 1000);
    expect(await run(valid({ timeToken: tooSoon }))).toMatchObject({
      error: MESSAGES.tooFast,
    });
    expect(await run(valid({ timeToken: `${Date.now() - 10_000}.forged` }))).toMatchObject({
      error: MESSAGES.tooFast,
      status: 400,
    });
    expect(await run(valid({ timeToken: "" }))).toMatchObject({ error: MESSAGES.tooFast });
    expect(elapsedSince("another-secret", fourSecondsAgo())).toBe(-1);
  });

  it("tells a mistake in the fields before the 3-second rule (docs/decisions/0255)", async () => {
    const tooSoon = issueTimeToken(SECRET, Date.now() - 1000);
    expect(await run(valid({ timeToken: tooSoon, confirmPassword: "Secret124" }))).toMatchObject({
      error: MESSAGES.passwordsDiffer,
      status: 400,
    });
    expect(await run(valid({ timeToken: tooSoon, terms: false }))).toMatchObject({
      error: MESSAGES.terms,
    });
    expect(await testDb.db.select().from(users)).toEqual([]);
  });

  it.each([
    [{ terms: false, email: "x@mailinator.com" }, MESSAGES.terms],
    [{ email: "x@mailinator.com", password: "short" }, MESSAGES.disposable],
    [{ email: "x@sub.yopmail.com" }, MESSAGES.disposable],
    [{ password: "Ab1", confirmPassword: "nope" }, "Password must be at least 8 characters"],
    [{ password: "secret123" }, "Password must contain at least one uppercase letter"],
    [{ password: "SECRET123" }, "Password must contain at least one lowercase letter"],
    [{ password: "SecretPass" }, "Password must contain at least one number"],
    [{ confirmPassword: "Secret124", username: "bad name" }, MESSAGES.passwordsDiffer],
    [{ username: "asha-k" }, MESSAGES.usernameFormat],
    [{ username: "" }, MESSAGES.usernameFormat],
    [{ fullName: " " }, MESSAGES.nameRequired],
    [{ email: "not-an-email" }, MESSAGES.emailInvalid],
    [{ username: "ab" }, MESSAGES.usernameLength],
    [{ fullName: "x".repeat(101) }, MESSAGES.fieldTooLong],
    [
      { password: `Aa1${"x".repeat(200)}`, confirmPassword: `Aa1${"x".repeat(200)}` },
      MESSAGES.fieldTooLong,
    ],
  ])("%o gives %s", async (over, message) => {
    const result = await run(valid(over));
    expect(result).toEqual({ ok: false, error: message, status: 400 });
  });

  it("refuses an e-mail already registered, and a username already taken", async () => {
    await createUser(testDb.db, { email: "asha@example.com", username: "someone" });
    expect(await run(valid())).toMatchObject({ error: MESSAGES.emailTaken, status: 409 });
    await createUser(testDb.db, { email: "other@example.com", username: "taken_name" });
    expect(await run(valid({ email: "new@example.com", username: "taken_name" }))).toMatchObject({
      error: MESSAGES.usernameTaken,
    });
  });

  it("registers: pending profile, code mailed, attempt recorded", async () => {
    const result = await run(valid({ username: "asha_k" }));
    expect(result).toEqual({ ok: true, email: "asha@example.com" });
    const [profile] = await testDb.db.select().from(profiles);
    expect(profile).toMatchObject({ username: "asha_k", status: "pending", role: "user" });
    expect(sent).toHaveLength(1);
    const attempts = await testDb.db.select().from(signupAttempts);
    expect(attempts).toMatchObject([
      { ipAddress: "203.0.113.7", email: "asha@example.com", succeeded: true },
    ]);
  });

  it(`limits attempts: ${SIGNUP_LIMITS.perEmail} per e-mail and ${SIGNUP_LIMITS.perIp} per IP an hour`, async () => {
    await createUser(testDb.db, { email: "asha@example.com", username: "someone" });
    for (let i = 0; i < SIGNUP_LIMITS.perEmail; i++) {
      expect(await run(valid(), `198.51.100.${i}`)).toMatchObject({ error: MESSAGES.emailTaken });
    }
    expect(await run(valid(), "198.51.100.200")).toMatchObject({
      error: MESSAGES.tooManySignups,
      status: 429,
    });
    for (let i = 0; i < SIGNUP_LIMITS.perIp; i++) {
      await testDb.db
        .insert(signupAttempts)
        .values({ ipAddress: "192.0.2.1", email: `e${i}@x.com`, succeeded: true });
    }
    expect(
      await run(valid({ email: "fresh@example.com", username: "fresh" }), "192.0.2.1"),
    ).toMatchObject({
      error: MESSAGES.tooManySignups,
    });
  });

  it("shows the real number of members, plus the admin's offset (docs/decisions/0255)", async () => {
    expect(await memberCount(testDb.db)).toBe(0);
    await createUser(testDb.db);
    expect(await memberCount(testDb.db)).toBe(1);
    await testDb.db
      .insert(siteSettings)
      .values({ id: SITE_SETTINGS_ID, memberCountOffset: 250 })
      .onConflictDoUpdate({ target: siteSettings.id, set: { memberCountOffset: 250 } });
    expect(await memberCount(testDb.db)).toBe(251);
    await testDb.db.update(siteSettings).set({ memberCountOffset: 0 });
    expect(await memberCount(testDb.db)).toBe(1);
  });

  it("reads any form shape without throwing", () => {
    const form = new FormData();
    form.set("username", "  Asha_K ");
    form.set("email", " ASHA@Example.com");
    form.append("terms", new Blob(["x"]));
    expect(readSignupForm(form)).toMatchObject({
      username: "asha_k",
      email: "asha@example.com",
      fullName: "",
      password: "",
      terms: false,
    });
  });
});
