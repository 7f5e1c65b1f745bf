/**
 * The database's half of a restore (docs/decisions/0135): into an empty
 * PostgreSQL database (pg_restore, or the logical dump loaded on the schema
 * the archive was made with) or into the embedded database's folder, which no
 * running server may hold. A database that is not empty is replaced only when
 * forced.
 */
import { createReadStream } from "node:fs";
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { MIGRATIONS_DIR, migrateDatabase } from "../db/migrate";
import { pgClientSession, pgliteClient, runTool } from "./dump";
import { liveServerPid } from "./live";
import { loadLines, splitLines } from "./logical";
import { listFiles, readJournal, RestoreRefused, type Manifest, type Progress } from "./manifest";

export type DatabaseRestore = {
  config: Config;
  manifest: Manifest;
  /** The archive's database file, unpacked and checked. */
  dump: string;
  /** The archive's last migration: the schema the dump is loaded on. */
  tag: string;
  /** A folder for the migrations copied up to `tag`. */
  staging: string;
  force: boolean;
  progress: Progress;
};

/** Restores the database; how many rows were loaded. */
export function restoreDatabase(restore: DatabaseRestore): Promise<number> {
  return restore.config.databaseUrl
    ? restorePostgres(restore.config.databaseUrl, restore)
    : restorePglite(restore);
}

async function restorePostgres(
  url: string,
  { manifest, dump, tag, staging, force, progress }: DatabaseRestore,
): Promise<number> {
  const total = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  if (!(await postgresIsEmpty(url))) {
    if (!force) {
      throw new RestoreRefused(
        "The database is not empty; add --force to drop everything in it and restore",
      );
    }
    await emptyPostgres(url);
  }
  if (manifest.database.method === "pg_dump") {
    await runTool("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${url}`,
      dump,
    ]);
    return total;
  }
  const handle = await openDatabase({
    url,
    poolSize: 1,
    applicationName: "founderbridge-restore",
  });
  try {
    await migrateDatabase(handle, await migrationsUpTo(tag, staging));
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      progress.start("database", total);
      const loaded = await loadLines(pgClientSession(client), readLines(dump), (_, n) =>
        progress.advance(n),
      );
      await client.query("COMMIT");
      return Object.values(loaded).reduce((a, b) => a + b, 0);
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
      progress.stop();
    }
  } finally {
    await handle.close();
  }
}

async function restorePglite({
  config,
  manifest,
  dump,
  tag,
  staging,
  force,
  progress,
}: DatabaseRestore): Promise<number> {
  const total = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  if (manifest.database.method === "pg_dump") {
    throw new RestoreRefused(
      "This archive holds a pg_dump of PostgreSQL: restore it with DATABASE_URL set to an empty PostgreSQL database",
    );
  }
  const dir = path.join(config.dataDir, "pglite");
  if (liveServerPid(dir) !== undefined) {
    throw new RestoreRefused(`A server is running on ${dir}: stop it first`);
  }
  if ((await listFiles(dir)).length > 0) {
    if (!force) {
      throw new RestoreRefused(
        `${dir} holds a database; add --force to replace it (move it aside first to keep it)`,
      );
    }
    await rm(dir, { recursive: true, force: true });
  }
  const handle = await openDatabase({ dir });
  try {
    await migrateDatabase(handle, await migrationsUpTo(tag, staging));
    progress.start("database", total);
    const loaded = await pgliteClient(handle).transaction((tx) =>
      loadLines(tx, readLines(dump), (_, n) => progress.advance(n)),
    );
    return Object.values(loaded).reduce((a, b) => a + b, 0);
  } finally {
    progress.stop();
    await handle.close();
  }
}

/** A copy of the migrations folder that stops at `tag`, so the schema matches the archive's. */
async function migrationsUpTo(tag: string, into: string): Promise<string> {
  const journal = readJournal();
  const index = journal.entries.findIndex((e) => e.tag === tag);
  const folder = path.join(into, "migrations");
  await mkdir(path.join(folder, "meta"), { recursive: true });
  const kept = journal.entries.slice(0, index + 1);
  await writeFile(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries: kept }),
  );
  for (const entry of kept) {
    await cp(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    return Number(rows[0]!.n) === 0;
  } finally {
    await client.end();
  }
}

async function emptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      "DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public",
    );
  } finally {
    await client.end();
  }
}

function readLines(file: string): AsyncIterable<string> {
  return splitLines(createReadStream(file));
}
