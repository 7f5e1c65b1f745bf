/**
 * The data folder is private to the site's user (docs/decisions/0171;
 * docs/decisions/0171): DATA_DIR, the embedded database's folder and the
 * backup and export folders are 0700, the files in them 0600. A folder found
 * wider is narrowed, with a warning. The server runs with umask 077, so what
 * it writes later (uploads, the secret) is private too; PGlite sets its own
 * files to 0666 whatever the umask, so the database's folder is narrowed
 * file by file when it is opened and closed.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** Group and other permission bits. */
const SHARED_BITS = 0o077;

export type Warn = (message: string) => void;

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, "0");

/**
 * Creates `dir` (and missing parents) 0700; an existing folder readable or
 * writable by others is narrowed to 0700 and `warn` is told. Returns whether
 * it narrowed one.
 */
export function ensurePrivateDir(dir: string, warn: Warn): boolean {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const mode = lstatSync(dir).mode;
  if ((mode & SHARED_BITS) === 0) return false;
  chmodSync(dir, PRIVATE_DIR_MODE);
  warn(
    `${dir} was open to other users (mode ${octal(mode)}): narrowed to ${octal(PRIVATE_DIR_MODE)}`,
  );
  return true;
}

/**
 * Takes group and other permissions off every file and folder under `dir`
 * (links left alone); returns how many it changed.
 */
export function narrowTree(dir: string): number {
  let changed = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) changed += narrowTree(full);
    let mode;
    try {
      mode = lstatSync(full).mode;
    } catch {
      continue; // removed meanwhile
    }
    if ((mode & SHARED_BITS) !== 0) {
      chmodSync(full, mode & 0o7700);
      changed += 1;
    }
  }
  return changed;
}

/** Files and folders the process creates from now on are its user's only. */
export function setPrivateUmask(): void {
  process.umask(SHARED_BITS);
}
