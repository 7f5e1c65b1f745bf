import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import type { DatabaseHandle } from "./client";

export const MIGRATIONS_DIR = path.resolve("server/db/migrations");

type Executor = { execute(query: ReturnType<typeof sql>): Promise<unknown> };

export type MigrationLog = { info(details: object, message: string): void };

/** The `created_at` of every applied migration (drizzle's journal `when`). */
async function appliedMigrations(db: Executor): Promise<Set<number>> {
  const { rows } = (await db.execute(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  )) as { rows: { present: boolean }[] };
  if (!rows[0]?.present) return new Set();
  const applied = (await db.execute(sql`SELECT created_at FROM drizzle.__drizzle_migrations`)) as {
    rows: { created_at: string | number }[];
  };
  return new Set(applied.rows.map((r) => Number(r.created_at)));
}

/** One log line per migration this run applied, by name (docs/milestones.md#issue-22-operate-it). */
async function logApplied(
  db: Executor,
  before: Set<number>,
  migrationsFolder: string,
  log: MigrationLog | undefined,
) {
  if (!log) return;
  const after = await appliedMigrations(db);
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string; when: number }[] };
  for (const entry of journal.entries) {
    if (after.has(entry.when) && !before.has(entry.when)) {
      log.info({ migration: entry.tag }, `migration applied: ${entry.tag}`);
    }
  }
}

/** Any number in 64 bits: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 724_061_113;

/**
 * Applies pending migrations. pg_trgm is created first because the trigram
 * index needs it and drizzle-kit does not write CREATE EXTENSION. On
 * PostgreSQL an advisory lock lets several instances start at once.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_DIR,
  log?: MigrationLog,
) {
  const { db } = handle;
  if (handle.kind === "pglite") {
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    const before = await appliedMigrations(db);
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    await logApplied(db, before, migrationsFolder, log);
    return;
  }
  // Hold a session lock on one connection for the whole run.
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    // Migrations may run (and wait for another instance's) longer than a request may.
    await client.query("SET statement_timeout = 0; SET lock_timeout = 0");
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_trgm");
    // On the lock's connection: the pool may have no other (a pool of one, in scripts).
    const session = drizzle({ client }) as unknown as NodePgDatabase;
    const before = await appliedMigrations(session);
    await migratePg(session, { migrationsFolder });
    await logApplied(session, before, migrationsFolder, log);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.query("RESET statement_timeout; RESET lock_timeout").catch(() => {});
    client.release();
  }
}
