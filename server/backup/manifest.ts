/**
 * What a backup archive holds and how it is checked (docs/decisions/0135):
 * the manifest (the schema version, the row counts, every file's SHA-256),
 * the errors backups and restores answer with, and the file helpers both use.
 */
import { createHash } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { MIGRATIONS_DIR } from "../db/migrate";

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

export class RestoreRefused extends BackupError {}

/** Reports progress: the CLI draws a bar on a terminal; tests pass nothing. */
export type Progress = {
  start(label: string, total: number): void;
  advance(by: number): void;
  stop(): void;
};
export const silent: Progress = { start() {}, advance() {}, stop() {} };

type Journal = { entries: { tag: string; when: number }[] };

export function readJournal(folder = MIGRATIONS_DIR): Journal {
  return JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every file under `root` as slash-separated relative paths, the health probe's files left out. */
export async function listFiles(root: string, prefix = ""): Promise<string[]> {
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
