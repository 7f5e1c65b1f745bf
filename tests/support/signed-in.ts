/**
 * A member signed in over HTTP for route tests: a profile made by the
 * factory, a credential account with a known password, and the session
 * cookie that Better Auth's sign-in sets, in a CookieJar.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { CookieJar, type TestApp } from "#server/auth/testing/http-app";
import type { Database } from "#server/db/client";
import { accounts, type profiles } from "#server/db/schema";
import { createUser, type TestUser } from "./factories";

export const TEST_PASSWORD = "Secret123";
let hash: Promise<string> | undefined;

export async function signedInMember(
  app: TestApp,
  db: Database,
  profile: Partial<Omit<typeof profiles.$inferInsert, "id">> = {},
): Promise<TestUser & { jar: CookieJar }> {
  const user = await createUser(db, { profileCompleted: true, ...profile });
  hash ??= hashPassword(TEST_PASSWORD);
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password: await hash,
  });
  const { headers } = await app.auth.api.signInEmail({
    body: { email: user.email, password: TEST_PASSWORD },
    headers: new Headers({ origin: app.url }),
    returnHeaders: true,
  });
  const jar = new CookieJar();
  jar.store(app.url, new Response(null, { headers }));
  return { ...user, jar };
}
