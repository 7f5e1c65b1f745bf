/**
 * A member signed in over HTTP for route tests: a profile made by the
 * factory, a credential account with a known password, and the session
 * cookie that Better Auth's sign-in sets, in a CookieJar.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { CookieJar, type TestApp } from "#tests/support/http-app";
import type { Database } from "#server/db/client";
import { eq } from "drizzle-orm";
import { accounts, profiles } from "#server/db/schema";
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

export type JarRole = "visitor" | "pending" | "user" | "mentor" | "admin" | "blocked";

/** Everyone the admin pages send to /. */
export const NOT_ADMINS = ["visitor", "pending", "user", "mentor", "blocked"] as const;

const PROFILE_OF: Record<Exclude<JarRole, "visitor">, Partial<typeof profiles.$inferInsert>> = {
  pending: { status: "pending" },
  user: {},
  mentor: { role: "mentor" },
  admin: { role: "admin" },
  blocked: {},
};

/**
 * One cookie jar per role for a permission matrix: a visitor's is empty, each
 * other role's holds a fresh member's session; the blocked member signs in
 * first and is blocked afterwards (a blocked member cannot sign in), as
 * `blocked` describes (a plain user unless given).
 */
export async function roleJars<R extends JarRole>(
  site: { app: TestApp; testDb: { db: Database } },
  roles: readonly R[],
  options: { blocked?: Partial<typeof profiles.$inferInsert> } = {},
): Promise<Record<R, CookieJar>> {
  const { app, testDb } = site;
  const jars = {} as Record<R, CookieJar>;
  if ((roles as readonly JarRole[]).includes("blocked")) {
    const blocked = await signedInMember(app, testDb.db, options.blocked ?? {});
    await testDb.db.update(profiles).set({ status: "blocked" }).where(eq(profiles.id, blocked.id));
    jars["blocked" as R] = blocked.jar;
  }
  for (const role of roles) {
    if (role === "blocked") continue;
    jars[role] =
      role === "visitor"
        ? new CookieJar()
        : (await signedInMember(app, testDb.db, PROFILE_OF[role as Exclude<JarRole, "visitor">]))
            .jar;
  }
  // In the order asked for.
  return Object.fromEntries(roles.map((role) => [role, jars[role]])) as Record<R, CookieJar>;
}
