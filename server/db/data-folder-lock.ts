/**
 * The embedded database's folder lock (client.ts opens PGlite behind it).
 */
import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite does not stop a second process from opening the same folder, and two
 * writers corrupt it. A lock file with our pid keeps a second process out; one
 * left behind by a killed process is taken over.
 */
export function lockDataFolder(dir: string): () => void {
  const file = path.join(dir, "founderbridge.lock");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(readFileSync(file, "utf8").trim());
    if (holder && holder !== process.pid && processIsAlive(holder)) {
      throw new DatabaseLockedError(
        `The embedded database in ${dir} is in use by process ${holder}. Stop that server first.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => {
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
}

export class DatabaseLockedError extends Error {}
