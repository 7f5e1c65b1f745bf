import { randomBytes } from "node:crypto";
import {
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import {
  assertContentTypeMatchesKey,
  assertValidDeletePrefix,
  assertValidKey,
  assertValidPrefix,
  normaliseListLimit,
  StorageKeyError,
  UNLIMITED,
  type Storage,
} from "./storage";

export type LocalStorageOptions = {
  /** Folder holding the files, e.g. `./data/uploads`; created when missing. */
  root: string;
  /** Where the HTTP server serves `root`: a path such as `/uploads`, or an absolute URL (CDN). */
  publicPath: string;
};

export type LocalStorage = Storage & {
  readonly driver: "local";
  /** Absolute folder to serve statically at `publicPath`. */
  readonly root: string;
};

/** A probe file older than this was left by a process that died mid-check. */
export const PROBE_LEFTOVER_AGE_MS = 60_000;

/** Names we write ourselves and never list: they fail the key rules on purpose. */
const TEMP_PREFIX = ".tmp-";
const PROBE_DIR = ".health";

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, "");
}

export function createLocalStorage(options: LocalStorageOptions): LocalStorage {
  const root = path.resolve(options.root);
  const base = /^https?:\/\//i.test(options.publicPath)
    ? options.publicPath.replace(/\/+$/, "")
    : `/${trimSlashes(options.publicPath)}`.replace(/^\/$/, "");

  /** The file of `key`, checked to lie inside `root` even if the key rules were to miss something. */
  function fileOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(root, ...key.split("/"));
    if (!file.startsWith(root + path.sep)) {
      throw new StorageKeyError(`Storage key escapes the storage root: ${JSON.stringify(key)}`);
    }
    return file;
  }

  function urlOf(key: string): string {
    assertValidKey(key);
    // Key characters are all URL-safe (see the key rules), so no escaping is needed.
    return `${base}/${key}`;
  }

  /** Unlinks the file of `key`; absent (or a folder, which no key names) is not an error. */
  async function deleteFile(key: string): Promise<void> {
    try {
      await unlink(fileOf(key));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "EISDIR" || code === "EPERM" || code === "ENOTDIR") return;
      throw error;
    }
  }

  async function list(prefix = "", limit?: number): Promise<string[]> {
    assertValidPrefix(prefix);
    const max = normaliseListLimit(limit);
    // Walk only the folder the prefix names; the rest of the prefix filters names.
    const slash = prefix.lastIndexOf("/");
    const folderKey = slash === -1 ? "" : prefix.slice(0, slash + 1);
    const keys: string[] = [];
    await walk(path.join(root, ...folderKey.split("/").filter(Boolean)), folderKey, keys);
    return keys
      .filter((key) => key.startsWith(prefix))
      .sort()
      .slice(0, max);
  }

  return {
    driver: "local",
    root,

    async put(key, bytes, contentType) {
      const file = fileOf(key);
      assertContentTypeMatchesKey(key, contentType);
      await writeAtomically(file, bytes);
      return { key, url: urlOf(key) };
    },

    url: urlOf,

    list,

    delete: deleteFile,

    async deletePrefix(prefix) {
      assertValidDeletePrefix(prefix);
      const keys = await list(prefix, UNLIMITED);
      for (const key of keys) await deleteFile(key);
      // Folders wholly inside the prefix go too, so a deleted member leaves no empty folder.
      const slash = prefix.lastIndexOf("/");
      const folderKey = prefix.slice(0, slash + 1);
      const rest = prefix.slice(slash + 1);
      const folder = path.join(root, ...folderKey.split("/").filter(Boolean));
      if (rest === "") {
        if (folder !== root) await pruneEmpty(folder);
      } else {
        const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          if (entry.isDirectory() && entry.name.startsWith(rest)) {
            await pruneEmpty(path.join(folder, entry.name));
          }
        }
      }
      return keys.length;
    },

    check: () => probeFolder(root),

    removeLeftovers: (olderThanMs = PROBE_LEFTOVER_AGE_MS) =>
      removeProbeLeftovers(root, olderThanMs),
  };
}

/** Writes through a temporary file and a rename, so readers never see half a file. */
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `${TEMP_PREFIX}${randomBytes(8).toString("hex")}`);
  try {
    await writeFile(temp, bytes).catch(async (error: NodeJS.ErrnoException) => {
      // deletePrefix may have removed the folder, empty, since mkdir: make it once more.
      if (error.code !== "ENOENT") throw error;
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temp, bytes);
    });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The keys of the files under `dir` (their names prefixed with `keyPrefix`), into `into`. */
async function walk(dir: string, keyPrefix: string, into: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    // Skips temporary files, the health probe and anything not written through put().
    if (entry.name.startsWith(".")) continue;
    const key = keyPrefix + entry.name;
    if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${key}/`, into);
    else if (entry.isFile()) into.push(key);
  }
}

/**
 * Removes `dir` and its empty sub-folders, bottom up; a folder that still
 * holds anything (a file written meanwhile, a dot-file) stays.
 */
async function pruneEmpty(dir: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) await pruneEmpty(path.join(dir, entry.name));
  }
  await rmdir(dir).catch(() => undefined);
}

/** The health check: a probe file written, read back and removed. */
async function probeFolder(root: string): Promise<void> {
  const probe = path.join(root, PROBE_DIR, `probe-${randomBytes(8).toString("hex")}`);
  const expected = randomBytes(16);
  try {
    await writeAtomically(probe, expected);
    const actual = await readFile(probe);
    if (!actual.equals(expected)) throw new Error("Local storage returned different bytes");
  } finally {
    await rm(probe, { force: true });
  }
}

/** Probe files left by a process that died mid-check, older than `olderThanMs`; how many went. */
async function removeProbeLeftovers(root: string, olderThanMs: number): Promise<number> {
  const dir = path.join(root, PROBE_DIR);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      // Another instance sharing the folder may be probing right now: only old files go.
      if ((await stat(file)).mtimeMs > cutoff) continue;
      await rm(file, { force: true, recursive: true });
      removed += 1;
    } catch {
      // Gone meanwhile.
    }
  }
  return removed;
}
