/**
 * A migrated database for one integration test file.
 *
 * In-memory PGlite by default. With TEST_DATABASE_URL (a server the tests may
 * create databases on, e.g. postgres://postgres@127.0.0.1:5432/postgres) each
 * file gets its own database, dropped again in destroy(), so files can run in
 * parallel and a crashed run leaves at most a stray database.
 *
 * Migrating takes about 2 s on PGlite, so it is done once per run, in the
 * integration project's global set-up (tests/support/global-setup.ts), into a
 * template: on PostgreSQL each file's database is `CREATE DATABASE … TEMPLATE`,
 * on PGlite each file loads the template's dumped data folder. Without a
 * template (a script, or a run without the global set-up) the file migrates its
 * own. testDatabaseForThisFile() makes one per file, emptied between tests;
 * reset() restores the reserved rows to their defaults too, so tests may edit them.
 */
import { eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { openDatabase, type Database, type DatabaseHandle } from "../../server/db/client";
import { migrateDatabase } from "../../server/db/migrate";
import {
  categories,
  SITE_SETTINGS_ID,
  siteSettings,
  UNCATEGORIZED_ID,
} from "../../server/db/schema";
import { ensureReservedRows, UNCATEGORIZED_CATEGORY } from "../../server/db/seed";
import { JobQueue } from "../../server/jobs/queue";
import { createLogger } from "../../server/logger";

/** What the global set-up made: a database to copy, or a dumped PGlite data folder to load. */
export type TestDatabaseTemplate =
  { kind: "postgres"; name: string } | { kind: "pglite"; file: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate | undefined;
  }
}

export type TestDatabase = {
  handle: DatabaseHandle;
  db: Database;
  /** Empties every table, then puts the reserved rows back. */
  reset(): Promise<void>;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
};

/** Prefix of the databases this module creates, so strays are easy to find and drop. */
export const TEST_DATABASE_PREFIX = "fb_test_";

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Every public table, referencing tables before the tables they reference, so
 * that deleting in this order never trips a foreign key. Read from the
 * catalogue, so a table added by a later migration is included.
 */
async function tablesInDeleteOrder(db: Database): Promise<string[]> {
  const { rows: tables } = (await db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )) as { rows: { tablename: string }[] };
  const { rows: references } = (await db.execute(
    sql`SELECT c.relname AS child, p.relname AS parent
        FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid
        JOIN pg_class p ON p.oid = k.confrelid
        WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`,
  )) as { rows: { child: string; parent: string }[] };

  const remaining = new Set(tables.map((t) => t.tablename));
  const order: string[] = [];
  while (remaining.size > 0) {
    // A table can go once no remaining table references it.
    const ready = [...remaining].filter(
      (table) => !references.some((r) => r.parent === table && remaining.has(r.child)),
    );
    if (ready.length === 0) throw new Error("Foreign keys form a cycle; cannot order the tables");
    for (const table of ready) {
      order.push(table);
      remaining.delete(table);
    }
  }
  return order;
}

async function openPostgresTestDatabase(serverUrl: string, template?: string) {
  const name = `${TEST_DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString("hex")}`;
  // The names are generated here from safe characters, so quoting them is enough.
  await withAdminClient(serverUrl, (c) =>
    c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ url: url.toString(), poolSize: 4, applicationName: name });
    return { handle, name };
  } catch (error) {
    await withAdminClient(serverUrl, (c) =>
      c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
    throw error;
  }
}

/**
 * The reserved rows, as the tests expect them: a new site requires admins to
 * use two-factor authentication (docs/decisions/0140), but the tests' admins
 * sign in with a password alone, so a test database starts with it off. Tests
 * of the requirement turn it on (and app/features/accounts/admin-two-factor
 * tests check a fresh site has it on).
 */
async function ensureTestRows(db: Database) {
  await ensureReservedRows(db);
  await db
    .update(siteSettings)
    .set({ requireAdminTwoFactor: false })
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
}

/** The migrated template, as the tests start from it: reserved rows and the job queue's schema. */
async function prepareTemplate(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await ensureTestRows(handle.db);
  // pg-boss creates its schema and queues when a queue first starts (startTestApp does).
  const jobs = new JobQueue(handle.queueBackend, createLogger("silent"), {
    work: false,
    concurrency: 1,
  });
  await jobs.start();
  await jobs.stop();
}

/**
 * Makes the run's template (the integration project's global set-up): on
 * PostgreSQL a database named `${TEST_DATABASE_PREFIX}template_<pid>`, on
 * PGlite a dumped data folder in `dumpFile`. Returns what to pass to the files
 * and a function that removes it.
 */
export async function createTestDatabaseTemplate(
  dumpFile: string,
): Promise<{ template: TestDatabaseTemplate; remove: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL || undefined;
  if (serverUrl) {
    const name = `${TEST_DATABASE_PREFIX}template_${process.pid}_${randomBytes(3).toString("hex")}`;
    await withAdminClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const drop = () =>
      withAdminClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    try {
      const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
      try {
        await prepareTemplate(handle);
      } finally {
        // A template cannot be copied while anyone is connected to it.
        await handle.close();
      }
    } catch (error) {
      await drop();
      throw error;
    }
    return { template: { kind: "postgres", name }, remove: async () => void (await drop()) };
  }
  const handle = await openDatabase({});
  try {
    await prepareTemplate(handle);
    if (handle.queueBackend.kind !== "pglite") throw new Error("expected PGlite");
    // Uncompressed: loading skips the gunzip, and the file is read once per test file.
    const dump = await handle.queueBackend.client.dumpDataDir("none");
    const { writeFile, rm } = await import("node:fs/promises");
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return {
      template: { kind: "pglite", file: dumpFile },
      remove: () => rm(dumpFile, { force: true }),
    };
  } finally {
    await handle.close();
  }
}

function providedTemplate(): TestDatabaseTemplate | undefined {
  try {
    return inject("testDatabaseTemplate");
  } catch {
    return undefined; // not inside a Vitest run
  }
}

async function openFromTemplate(
  serverUrl: string | undefined,
  template: TestDatabaseTemplate | undefined,
): Promise<{ handle: DatabaseHandle; name: string | undefined; migrated: boolean }> {
  if (serverUrl) {
    const copy = template?.kind === "postgres" ? template.name : undefined;
    return { ...(await openPostgresTestDatabase(serverUrl, copy)), migrated: Boolean(copy) };
  }
  if (template?.kind === "pglite") {
    const loadDataDir = new Blob([readFileSync(template.file)]);
    return { handle: await openDatabase({ loadDataDir }), name: undefined, migrated: true };
  }
  return { handle: await openDatabase({}), name: undefined, migrated: false };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL || undefined;
  const { handle, name, migrated } = await openFromTemplate(serverUrl, providedTemplate());
  const { db } = handle;

  try {
    if (!migrated) {
      await migrateDatabase(handle);
      await ensureTestRows(db);
    }
  } catch (error) {
    await handle.close();
    if (serverUrl && name) {
      await withAdminClient(serverUrl, (c) =>
        c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    }
    throw error;
  }

  const deleteOrder = await tablesInDeleteOrder(db);

  return {
    handle,
    db,
    async reset() {
      // DELETE rather than TRUNCATE: on PostgreSQL, truncating ~20 tables costs ~300 ms
      // per test, deleting a few rows from each ~10 ms.
      await db.transaction(async (tx) => {
        for (const table of deleteOrder) {
          if (table === "categories") {
            // The reserved category cannot be deleted (a trigger); put it back as it was.
            await tx.delete(categories).where(ne(categories.id, UNCATEGORIZED_ID));
            await tx
              .update(categories)
              .set({
                name: UNCATEGORIZED_CATEGORY.name,
                description: UNCATEGORIZED_CATEGORY.description,
                schemaType: UNCATEGORIZED_CATEGORY.schemaType,
                sidebarWidget: null,
                sidebarWidget2: null,
              })
              .where(eq(categories.id, UNCATEGORIZED_ID));
          } else {
            await tx.execute(sql`DELETE FROM ${sql.identifier(table)}`);
          }
        }
      });
      await ensureTestRows(db);
    },
    async destroy() {
      await handle.close();
      if (serverUrl && name) {
        await withAdminClient(serverUrl, (c) =>
          c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
        );
      }
    },
  };
}

/**
 * The database of this test file: created before its tests (beforeAll),
 * emptied before each test (beforeEach), closed and dropped after the file
 * (afterAll). Call it at the top of the file, before the file's own hooks,
 * which then run after the database is made and before it is dropped.
 * `resetBetweenTests: false` keeps the rows from one test to the next (a
 * file that seeds once in beforeAll).
 */
export function testDatabaseForThisFile(
  options: { resetBetweenTests?: boolean } = {},
): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.destroy();
  });
  if (options.resetBetweenTests !== false) {
    beforeEach(async () => {
      await current!.reset();
    });
  }
  const get = (): TestDatabase => {
    if (!current) throw new Error("The test database exists from the file's beforeAll on");
    return current;
  };
  return {
    get handle() {
      return get().handle;
    },
    get db() {
      return get().db;
    },
    reset: () => get().reset(),
    destroy: () => get().destroy(),
  };
}
