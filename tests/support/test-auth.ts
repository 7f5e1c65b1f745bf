/**
 * The auth library on this file's test database, for the tests of sign-up,
 * codes, log-in and resets: created in the file's beforeAll (after the
 * database), with its mail caught in `sent`, emptied before each test. Call
 * it at the top of the file, after testDatabaseForThisFile().
 */
import { beforeAll, beforeEach } from "vitest";
import { createAuth, type Auth } from "#server/auth";
import type { Mailer, MailMessage } from "#server/mail";
import type { TestDatabase } from "./test-database";

export const TEST_AUTH_SECRET = "a-test-secret-that-is-long-enough-0123456789";

export function testAuthForThisFile(
  testDb: TestDatabase,
  { site = "http://localhost:3999" }: { site?: string } = {},
): { auth: Auth; sent: MailMessage[]; mailer: Mailer } {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    kind: "outbox",
    send: (message) => Promise.resolve(void sent.push(message)),
    close: async () => {},
  };
  let current: Auth | undefined;
  beforeAll(() => {
    current = createAuth({
      db: testDb.db,
      siteUrl: site,
      siteName: "FounderBridge",
      secret: TEST_AUTH_SECRET,
      mailer,
    });
  });
  beforeEach(() => {
    sent.length = 0;
  });
  // The instance exists from beforeAll on; this stands for it, so a file can
  // take `auth` at its top and use it in its tests.
  const auth = new Proxy({} as Auth, {
    get(_, key) {
      if (!current) throw new Error("The test auth exists from the file's beforeAll on");
      const value: unknown = Reflect.get(current, key);
      return value;
    },
  });
  return { auth, sent, mailer };
}
