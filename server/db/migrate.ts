import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import path from "node:path";
import type pg from "pg";
import type { DatabaseHandle } from "./client";

export const MIGRATIONS_DIR = path.resolve("server/db/migrations");

/** Any number in 64 bits: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 724_061_113;

/**
 * Applies pending migrations. pg_trgm is created first because the trigram
 * index needs it and drizzle-kit does not write CREATE EXTENSION. On
 * PostgreSQL an advisory lock lets several instances start at once.
 */
export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR) {
  const { db } = handle;
  if (handle.kind === "pglite") {
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
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
    await migratePg(drizzle({ client }) as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.query("RESET statement_timeout; RESET lock_timeout").catch(() => {});
    client.release();
  }
}
