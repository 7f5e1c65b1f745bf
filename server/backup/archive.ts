/**
 * `npm run backup` and `npm run restore` (docs/decisions/0135): one .tar.gz
 * holding manifest.json, the database (database.jsonl, the logical dump of
 * logical.ts, or database.pgdump from `pg_dump -Fc`) and uploads/ (the local
 * driver's files). The manifest records the schema version, the row counts
 * and every file's SHA-256; restore checks them all before it writes
 * anything, and refuses a database or uploads folder that is not empty
 * unless forced.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../data-dir";
import { appVersion } from "../app-version";
import type { Config } from "../config";
import { uploadsDir } from "../storage";
import { dumpDatabase } from "./dump";
import {
  listFiles,
  MANIFEST_FORMAT,
  readJournal,
  RestoreRefused,
  sha256File,
  silent,
  type Manifest,
  type Progress,
} from "./manifest";
import { restoreDatabase } from "./restore-database";
import {
  ArchiveRefused,
  isSiteFile,
  isSiteFileName,
  scanArchive,
  SITE_FILE_REFUSED,
  type ArchiveEntry,
} from "./safe-extract";

export {
  BackupError,
  MANIFEST_FORMAT,
  RestoreRefused,
  type Manifest,
  type Progress,
} from "./manifest";

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
    const { file, meta, method, note } = await dumpDatabase(config, staging, logical, progress);
    const entries = ["manifest.json", path.basename(file)];
    const uploads = await stageUploads(config, staging, entries, progress);
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
    await packArchive(staging, entries, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * The uploads' part of the manifest: each local file's size and SHA-256,
 * linked into `staging` and added to `entries`; S3's uploads are not included.
 */
async function stageUploads(
  config: Config,
  staging: string,
  entries: string[],
  progress: Progress,
): Promise<Manifest["uploads"]> {
  if (config.storage?.driver === "s3") {
    return {
      included: false,
      reason: "Uploads are in S3: keep them with bucket versioning (docs/operations.md#backups)",
    };
  }
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
  if (names.length > 0) {
    // Packed through a link: the files are read once, into the archive.
    await symlink(root, path.join(staging, "uploads"));
    entries.push(...names.map((name) => `uploads/${name}`));
  }
  return { included: true, files };
}

/** The archive, written beside `out` and renamed into place once whole. */
async function packArchive(staging: string, entries: string[], out: string) {
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
    const manifest = await readManifest(archive, staging);
    const { dump, accepted, skipped } = await unpackChecked(archive, staging, manifest, entries);
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
    const rows = await restoreDatabase({ config, manifest, dump, tag, staging, force, progress });
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

/** The archive's manifest.json, unpacked alone into `staging` and read. */
async function readManifest(archive: string, staging: string): Promise<Manifest> {
  await tar.extract({
    file: archive,
    cwd: staging,
    filter: (p, entry) => p === "manifest.json" && (entry as tar.ReadEntry).type === "File",
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(staging, "manifest.json"), "utf8"));
  } catch {
    throw new RestoreRefused(`${archive} is not a FounderBridge backup (no manifest.json)`);
  }
  // The format first: what the rest of the manifest holds depends on it.
  const format =
    typeof parsed === "object" && parsed !== null && "format" in parsed ? parsed.format : undefined;
  if (format !== MANIFEST_FORMAT) {
    throw new RestoreRefused(`Unknown backup format ${String(format)}`);
  }
  return parsed as Manifest;
}

/**
 * Unpacks only the database file and the uploads the manifest names, of the
 * kinds the site writes, and checks every one against the manifest's
 * checksums before anything is written. Answers the dump's path, the uploads
 * to restore and those left out, with why.
 */
async function unpackChecked(
  archive: string,
  staging: string,
  manifest: Manifest,
  entries: ArchiveEntry[],
) {
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
  return { dump, accepted, skipped };
}
