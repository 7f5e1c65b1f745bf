import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "#server/auth";
import { users } from "#server/db/schema";
import type { Mailer, MailMessage } from "#server/mail";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { RESEND_VERIFICATION_MESSAGES, resendVerification } from "./resend-verification.server";
import { RESEND_PER_IP } from "./verify-otp.server";

const testDb = testDatabaseForThisFile();
let auth: Auth;
const sent: MailMessage[] = [];
const mailer: Mailer = {
  kind: "outbox",
  send: (m) => Promise.resolve(void sent.push(m)),
  close: async () => {},
};
const deps = () => ({ db: testDb.db, auth });

beforeAll(() => {
  auth = createAuth({
    db: testDb.db,
    siteUrl: "http://localhost:3999",
    siteName: "FounderBridge",
    secret: "a-test-secret-that-is-long-enough-0123456789",
    mailer,
  });
});
beforeEach(() => {
  sent.length = 0;
});

describe("resend verification", () => {
  it("mails a new 6-digit code, then asks to wait (60-second cooldown)", async () => {
    const user = await createUser(testDb.db, { email: "meera@example.com", status: "pending" });
    await testDb.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    expect(await resendVerification(deps(), "meera@example.com", "203.0.113.9")).toEqual({
      ok: true,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/\b\d{6}\b/);
    expect(await resendVerification(deps(), "meera@example.com", "203.0.113.9")).toEqual({
      ok: false,
      error: "Please wait a few minutes before requesting another verification email",
      status: 429,
    });
    expect(sent).toHaveLength(1);
  });

  it("answers unknown e-mails the same way and mails nothing", async () => {
    expect(await resendVerification(deps(), "ghost@example.com", "203.0.113.9")).toEqual({
      ok: true,
    });
    expect(sent).toEqual([]);
  });

  it("limits requests per IP address", async () => {
    for (let i = 0; i < RESEND_PER_IP.max; i++)
      await resendVerification(deps(), `p${i}@example.com`, "203.0.113.10");
    expect(await resendVerification(deps(), "last@example.com", "203.0.113.10")).toEqual({
      ok: false,
      error: RESEND_VERIFICATION_MESSAGES.wait,
      status: 429,
    });
  });
});
