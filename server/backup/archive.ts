/**
 * `npm run backup` and `npm run restore` (docs/decisions/0135): one .tar.gz
 * holding manifest.json, the database (database.jsonl, the logical dump of
 * logical.ts, or database.pgdump from `pg_dump -Fc`) and uploads/ (the local
 * driver's files). The manifest records the schema version, the row counts
 * and every file's SHA-256; restore checks them all before it writes
 * anything, and refuses a database or uploads folder that is not empty
 * unless forced.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readFileSync,
  type WriteStream,
} from "node:fs";
import {
  chmod,
  copyFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import pg from "pg";
import * as tar from "tar";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../data-dir";
import { appVersion } from "../app-version";
import type { Config } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { MIGRATIONS_DIR, migrateDatabase } from "../db/migrate";
import { uploadsDir } from "../storage";
import {
  dumpLines,
  loadLines,
  parseMeta,
  schemaWhen,
  splitLines,
  type DumpMeta,
  type SqlSession,
} from "./logical";
import { BACKUP_SOCKET_NAME, liveServerPid } from "./live";
import {
  ArchiveRefused,
  isSiteFile,
  isSiteFileName,
  scanArchive,
  SITE_FILE_REFUSED,
  type ArchiveEntry,
} from "./safe-extract";

export const MANIFEST_FORMAT = 1;

export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  app: { name: string; version: string };
  createdAt: string;
  /** The last migration applied to the database that was backed up. */
  schema: { migration: string | null; when: number | null };
  database: {
    driver: "pglite" | "postgres";
    /** logical: database.jsonl (either driver); pg_dump: database.pgdump (custom format). */
    method: "logical" | "pg_dump";
    file: string;
    sha256: string;
    bytes: number;
    /** Why pg_dump was not used on PostgreSQL, when it was not. */
    note?: string;
  };
  counts: Record<string, number>;
  uploads:
    | { included: true; files: Record<string, { bytes: number; sha256: string }> }
    | { included: false; reason: string };
};

export class BackupError extends Error {}

/** Reports progress: the CLI draws a bar on a terminal; tests pass nothing. */
export type Progress = {
  start(label: string, total: number): void;
  advance(by: number): void;
  stop(): void;
};
const silent: Progress = { start() {}, advance() {}, stop() {} };

type Journal = { entries: { tag: string; when: number }[] };

function readJournal(folder = MIGRATIONS_DIR): Journal {
  return JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every file under `root` as slash-separated relative paths, the health probe's files left out. */
async function listFiles(root: string, prefix = ""): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".")) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(root, relative)));
    else if (entry.isFile()) out.push(relative);
  }
  return out;
}

async function writeLine(stream: WriteStream, line: string) {
  if (!stream.write(line + "\n")) await once(stream, "drain");
}

async function closeStream(stream: WriteStream) {
  stream.end();
  await once(stream, "finish");
}

/** Writes a dump's lines to `file`; returns the meta line. */
async function writeDump(lines: AsyncIterable<string>, file: string, progress: Progress) {
  const out = createWriteStream(file);
  let meta: DumpMeta | undefined;
  let last = "";
  try {
    for await (const line of lines) {
      if (!meta) {
        meta = parseMeta(line);
        progress.start(
          "database",
          Object.values(meta.counts).reduce((a, b) => a + b, 0),
        );
      } else if (line.startsWith("{")) progress.advance(1);
      await writeLine(out, line);
      last = line;
    }
  } finally {
    await closeStream(out);
    progress.stop();
  }
  if (!meta || last !== '["end"]') throw new BackupError("The database dump ended early");
  return meta;
}

function pgClientSession(client: pg.Client | pg.PoolClient): SqlSession {
  return {
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query<pg.QueryResultRow>(text, params as unknown[])) as unknown as {
        rows: T[];
      },
  };
}

function pgliteClient(handle: DatabaseHandle) {
  return (
    handle.db as unknown as {
      $client: {
        transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T>;
      };
    }
  ).$client;
}

function hasPgDump(): boolean {
  return spawnSync("pg_dump", ["--version"], { stdio: "ignore" }).status === 0;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${command} is not installed (PostgreSQL's client tools)`)
          : error,
      ),
    );
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed (${code}): ${stderr.trim().slice(0, 500)}`)),
    );
  });
}

/** The embedded database's dump: from the running server over its socket, or opened here. */
async function dumpPglite(config: Config, file: string, progress: Progress): Promise<DumpMeta> {
  const dir = path.join(config.dataDir, "pglite");
  if (liveServerPid(dir) !== undefined) {
    const socketPath = path.join(config.dataDir, BACKUP_SOCKET_NAME);
    if (!existsSync(socketPath)) {
      throw new BackupError(
        `A server is using ${dir} but offers no backup socket (${socketPath}); upgrade or stop it, then run the backup again.`,
      );
    }
    const socket = connect(socketPath);
    await once(socket, "connect");
    socket.write("dump\n");
    async function* lines() {
      let first = true;
      for await (const line of splitLines(socket)) {
        if (first && line.startsWith('["error"')) {
          throw new BackupError(
            `The running server could not dump: ${(JSON.parse(line) as string[])[1]}`,
          );
        }
        first = false;
        yield line;
      }
    }
    return writeDump(lines(), file, progress);
  }
  if (!existsSync(dir)) throw new BackupError(`No embedded database in ${dir}`);
  const handle = await openDatabase({ dir });
  try {
    return await pgliteClient(handle).transaction((tx) => writeDump(dumpLines(tx), file, progress));
  } finally {
    await handle.close();
  }
}

async function dumpPostgresLogical(url: string, file: string, progress: Progress) {
  const client = new pg.Client({ connectionString: url, application_name: "founderbridge-backup" });
  await client.connect();
  try {
    await client.query("BEGIN");
    const meta = await writeDump(dumpLines(pgClientSession(client)), file, progress);
    await client.query("COMMIT");
    return meta;
  } finally {
    await client.end();
  }
}

/**
 * pg_dump -Fc in the snapshot the counts were read in (pg_export_snapshot), so
 * the manifest's counts are the dump's.
 */
async function dumpPostgresCustom(url: string, file: string): Promise<DumpMeta> {
  const client = new pg.Client({ connectionString: url, application_name: "founderbridge-backup" });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const { rows } = await client.query<{ snapshot: string }>(
      "SELECT pg_export_snapshot() AS snapshot",
    );
    const session = pgClientSession(client);
    const counts: Record<string, number> = {};
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    for (const { name } of tables) {
      const { rows: n } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`,
      );
      counts[name] = Number(n[0]!.n);
    }
    const when = await schemaWhen(session);
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--snapshot=${rows[0]!.snapshot}`,
      `--file=${file}`,
      `--dbname=${url}`,
    ]);
    await client.query("COMMIT");
    return { schemaWhen: when, counts };
  } finally {
    await client.end();
  }
}

export type BackupOptions = {
  config: Config;
  /** The archive to write (a .tar.gz). */
  out: string;
  /** PostgreSQL only: the logical dump even when pg_dump is installed. */
  logical?: boolean;
  progress?: Progress;
};

export async function createBackup({
  config,
  out,
  logical = false,
  progress = silent,
}: BackupOptions): Promise<Manifest> {
  const staging = await mkdtemp(path.join(tmpdir(), "founderbridge-backup-"));
  try {
    let method: Manifest["database"]["method"] = "logical";
    let note: string | undefined;
    let file = path.join(staging, "database.jsonl");
    let meta: DumpMeta;
    if (config.databaseUrl) {
      if (!logical && hasPgDump()) {
        try {
          const custom = path.join(staging, "database.pgdump");
          meta = await dumpPostgresCustom(config.databaseUrl, custom);
          method = "pg_dump";
          file = custom;
        } catch (error) {
          note = `pg_dump failed, so the logical dump was written: ${(error as Error).message}`;
          meta = await dumpPostgresLogical(config.databaseUrl, file, progress);
        }
      } else {
        if (!logical) note = "pg_dump is not installed, so the logical dump was written";
        meta = await dumpPostgresLogical(config.databaseUrl, file, progress);
      }
    } else {
      meta = await dumpPglite(config, file, progress);
    }

    let uploads: Manifest["uploads"];
    const entries = ["manifest.json", path.basename(file)];
    if (config.storage?.driver === "s3") {
      uploads = {
        included: false,
        reason: "Uploads are in S3: keep them with bucket versioning (docs/operations.md#backups)",
      };
    } else {
      const root = uploadsDir(config.dataDir);
      const names = await listFiles(root);
      const files: Record<string, { bytes: number; sha256: string }> = {};
      progress.start("uploads", names.length);
      for (const name of names) {
        const full = path.join(root, name);
        files[name] = { bytes: (await stat(full)).size, sha256: await sha256File(full) };
        progress.advance(1);
      }
      progress.stop();
      uploads = { included: true, files };
      if (names.length > 0) {
        // Packed through a link: the files are read once, into the archive.
        await symlink(root, path.join(staging, "uploads"));
        entries.push(...names.map((name) => `uploads/${name}`));
      }
    }

    const journal = readJournal();
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      app: appVersion(),
      createdAt: new Date().toISOString(),
      schema: {
        migration: journal.entries.find((e) => e.when === meta.schemaWhen)?.tag ?? null,
        when: meta.schemaWhen,
      },
      database: {
        driver: config.databaseUrl ? "postgres" : "pglite",
        method,
        file: path.basename(file),
        sha256: await sha256File(file),
        bytes: (await stat(file)).size,
        ...(note ? { note } : {}),
      },
      counts: meta.counts,
      uploads,
    };
    await writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
    // As sensitive as the database: 0600 in a folder made 0700 (docs/decisions/0171).
    await mkdir(path.dirname(path.resolve(out)), { recursive: true, mode: PRIVATE_DIR_MODE });
    const partial = `${out}.partial-${randomBytes(4).toString("hex")}`;
    try {
      await tar.create(
        {
          gzip: { level: 6 },
          file: partial,
          cwd: staging,
          follow: true,
          portable: true,
          mode: PRIVATE_FILE_MODE,
        },
        entries,
      );
      await chmod(partial, PRIVATE_FILE_MODE);
      await rename(partial, out);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export class RestoreRefused extends BackupError {}

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

export type RestoreOptions = {
  config: Config;
  archive: string;
  /** Replace a database or uploads folder that is not empty. */
  force?: boolean;
  progress?: Progress;
};

export type RestoreResult = {
  manifest: Manifest;
  rows: number;
  files: number;
  /** Uploads left out: not named in the manifest, or not a kind the site writes. */
  skipped: { name: string; reason: string }[];
};

export async function restoreBackup({
  config,
  archive,
  force = false,
  progress = silent,
}: RestoreOptions): Promise<RestoreResult> {
  if (!existsSync(archive)) throw new RestoreRefused(`No archive at ${archive}`);
  // No link, and a bounded size, before anything is unpacked (docs/decisions/0173).
  let entries: ArchiveEntry[];
  try {
    entries = await scanArchive(archive);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw new RestoreRefused(error.message);
    throw error;
  }
  const staging = await mkdtemp(path.join(tmpdir(), "founderbridge-restore-"));
  try {
    await tar.extract({
      file: archive,
      cwd: staging,
      filter: (p, entry) => p === "manifest.json" && (entry as tar.ReadEntry).type === "File",
    });
    let manifest: Manifest;
    try {
      manifest = JSON.parse(
        await readFile(path.join(staging, "manifest.json"), "utf8"),
      ) as Manifest;
    } catch {
      throw new RestoreRefused(`${archive} is not a FounderBridge backup (no manifest.json)`);
    }
    if (manifest.format !== MANIFEST_FORMAT) {
      throw new RestoreRefused(`Unknown backup format ${manifest.format}`);
    }

    // Only the database file and the uploads the manifest names, of the kinds the site writes.
    const dumpName = path.basename(manifest.database.file);
    const named = manifest.uploads.included ? manifest.uploads.files : {};
    const skipped: RestoreResult["skipped"] = [];
    const accepted = new Set<string>();
    for (const name of Object.keys(named)) {
      if (isSiteFileName(name)) accepted.add(name);
      else skipped.push({ name, reason: SITE_FILE_REFUSED });
    }
    for (const entry of entries) {
      const name = entry.path.slice("uploads/".length);
      if (entry.type === "File" && entry.path.startsWith("uploads/") && !Object.hasOwn(named, name))
        skipped.push({ name, reason: "not named in the manifest" });
    }
    await tar.extract({
      file: archive,
      cwd: staging,
      filter: (p, entry) =>
        (entry as tar.ReadEntry).type === "File" &&
        (p === dumpName || (p.startsWith("uploads/") && accepted.has(p.slice("uploads/".length)))),
    });

    // Check everything before writing anything.
    const dump = path.join(staging, dumpName);
    if (!existsSync(dump) || (await sha256File(dump)) !== manifest.database.sha256) {
      throw new RestoreRefused("The archive's database file is missing or damaged (checksum)");
    }
    for (const name of [...accepted]) {
      const file = path.join(staging, "uploads", name);
      if (!existsSync(file) || (await sha256File(file)) !== named[name]!.sha256) {
        throw new RestoreRefused(`The archive's upload ${name} is missing or damaged (checksum)`);
      }
      if (!(await isSiteFile(file, name))) {
        accepted.delete(name);
        skipped.push({ name, reason: SITE_FILE_REFUSED });
      }
    }
    const tag = manifest.schema.migration;
    if (!tag || !readJournal().entries.some((e) => e.tag === tag)) {
      throw new RestoreRefused(
        `The archive's schema (${tag ?? "unknown"}) is not one this version knows: restore it with the version that made it (${manifest.app.version}) or a newer one.`,
      );
    }
    const uploadsTarget = uploadsDir(config.dataDir);
    const restoreUploads = manifest.uploads.included && config.storage?.driver !== "s3";
    if (restoreUploads && (await listFiles(uploadsTarget)).length > 0 && !force) {
      throw new RestoreRefused(
        `${uploadsTarget} is not empty; add --force to replace what is in it`,
      );
    }

    let rows = 0;
    const total = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
    if (config.databaseUrl) {
      const url = config.databaseUrl;
      if (!(await postgresIsEmpty(url))) {
        if (!force) {
          throw new RestoreRefused(
            "The database is not empty; add --force to drop everything in it and restore",
          );
        }
        await emptyPostgres(url);
      }
      if (manifest.database.method === "pg_dump") {
        await run("pg_restore", [
          "--no-owner",
          "--no-privileges",
          "--exit-on-error",
          "--single-transaction",
          `--dbname=${url}`,
          dump,
        ]);
        rows = total;
      } else {
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
            rows = Object.values(loaded).reduce((a, b) => a + b, 0);
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
    } else {
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
        rows = Object.values(loaded).reduce((a, b) => a + b, 0);
      } finally {
        progress.stop();
        await handle.close();
      }
    }

    let files = 0;
    if (restoreUploads && manifest.uploads.included) {
      if (force) await rm(uploadsTarget, { recursive: true, force: true });
      await mkdir(uploadsTarget, { recursive: true });
      for (const name of accepted) {
        const target = path.join(uploadsTarget, name);
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(path.join(staging, "uploads", name), target);
      }
      files = accepted.size;
    }
    return { manifest, rows, files, skipped };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
