/**
 * The database's half of a backup (docs/decisions/0135): the logical dump
 * (logical.ts) of either driver, from a running server's socket for the
 * embedded one (live.ts), or `pg_dump -Fc` of PostgreSQL when it is
 * installed; and the sessions and tool runs the restore shares.
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, existsSync, type WriteStream } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import pg from "pg";
import type { Config } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { BACKUP_SOCKET_NAME, liveServerPid } from "./live";
import {
  dumpLines,
  parseMeta,
  schemaWhen,
  splitLines,
  type DumpMeta,
  type SqlSession,
} from "./logical";
import { BackupError, type Manifest, type Progress } from "./manifest";

/** The database written into `staging`: its file, its counts, how it was dumped and why so. */
export async function dumpDatabase(
  config: Config,
  staging: string,
  logical: boolean,
  progress: Progress,
): Promise<{
  file: string;
  meta: DumpMeta;
  method: Manifest["database"]["method"];
  note: string | undefined;
}> {
  const file = path.join(staging, "database.jsonl");
  if (!config.databaseUrl) {
    return {
      file,
      meta: await dumpPglite(config, file, progress),
      method: "logical",
      note: undefined,
    };
  }
  if (logical || !hasPgDump()) {
    const note = logical ? undefined : "pg_dump is not installed, so the logical dump was written";
    const meta = await dumpPostgresLogical(config.databaseUrl, file, progress);
    return { file, meta, method: "logical", note };
  }
  try {
    const custom = path.join(staging, "database.pgdump");
    const meta = await dumpPostgresCustom(config.databaseUrl, custom);
    return { file: custom, meta, method: "pg_dump", note: undefined };
  } catch (error) {
    const note = `pg_dump failed, so the logical dump was written: ${(error as Error).message}`;
    const meta = await dumpPostgresLogical(config.databaseUrl, file, progress);
    return { file, meta, method: "logical", note };
  }
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

export function pgClientSession(client: pg.Client | pg.PoolClient): SqlSession {
  return {
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query<pg.QueryResultRow>(text, params as unknown[])) as unknown as {
        rows: T[];
      },
  };
}

export function pgliteClient(handle: DatabaseHandle) {
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

export function runTool(command: string, args: string[]): Promise<void> {
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
    await runTool("pg_dump", [
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
