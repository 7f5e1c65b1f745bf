/**
 * Small builders for integration tests: each inserts one valid row with
 * sensible defaults and returns it, so a test states only what it is about.
 */
import { sql, type SQL } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { Database } from "../../server/db/client";
import { comments, posts, profiles, tags, UNCATEGORIZED_ID, users } from "../../server/db/schema";

const unique = () => randomBytes(4).toString("hex");

export type TestUser = { id: string; username: string; email: string };

/** An auth user and its profile, as sign-up creates them. */
export async function createUser(
  db: Database,
  profile: Partial<Omit<typeof profiles.$inferInsert, "id">> = {},
): Promise<TestUser> {
  const username = profile.username ?? `user_${unique()}`;
  const email = profile.email ?? `${username}@example.com`;
  const id = `test-${unique()}${unique()}`;
  await db.transaction(async (tx) => {
    await tx.insert(users).values({ id, name: username, email, username, emailVerified: true });
    await tx.insert(profiles).values({ status: "approved", ...profile, id, username, email });
  });
  return { id, username, email };
}

export async function createPost(
  db: Database,
  values: Partial<typeof posts.$inferInsert> & { authorId: string },
): Promise<typeof posts.$inferSelect> {
  const slug = values.slug ?? `post-${unique()}`;
  const [row] = await db
    .insert(posts)
    .values({
      title: `Post ${slug}`,
      status: "published",
      publishedAt: new Date(),
      ...values,
      slug,
    })
    .returning();
  return row!;
}

export async function createComment(
  db: Database,
  values: Partial<typeof comments.$inferInsert> & { postId: string; authorId: string },
): Promise<typeof comments.$inferSelect> {
  const [row] = await db
    .insert(comments)
    .values({ content: "A thoughtful comment.", ...values })
    .returning();
  return row!;
}

export async function createTag(db: Database, name = `tag ${unique()}`) {
  const [row] = await db
    .insert(tags)
    .values({ name, slug: name.replace(/\s+/g, "-") })
    .returning();
  return row!;
}

export { UNCATEGORIZED_ID };

/** Rows of a raw query; both drivers answer with { rows }. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** Row count of a table, as a number on both drivers. */
export async function countRows(db: Database, table: string, where?: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} ${where ? sql`WHERE ${where}` : sql``}`,
  );
  return row!.n;
}

/** Every public table's row count: a cheap fingerprint of the whole database. */
export async function countAllTables(db: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) counts[tablename] = await countRows(db, tablename);
  return counts;
}

/**
 * Asserts that the statement fails with the given SQLSTATE (and constraint).
 * Drizzle wraps driver errors; the driver's error, with `code` and
 * `constraint`, is the `cause`.
 */
export async function expectDbError(
  statement: PromiseLike<unknown>,
  expected: { code: string; constraint?: string; message?: RegExp },
): Promise<void> {
  let failure: unknown;
  try {
    await statement;
  } catch (error) {
    failure = error;
  }
  expect(failure, "the database accepted a statement it should reject").toBeDefined();
  const cause = (failure as { cause?: unknown }).cause ?? failure;
  const { code, constraint, message } = cause as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  expect({ code, constraint: expected.constraint === undefined ? undefined : constraint }).toEqual({
    code: expected.code,
    constraint: expected.constraint,
  });
  if (expected.message) expect(message).toMatch(expected.message);
}
