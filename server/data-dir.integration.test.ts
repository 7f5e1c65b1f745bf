/**
 * docs/decisions/0171: DATA_DIR and the embedded database's folder are 0700, a
 * wider one is narrowed with a warning, and no file the database writes
 * there is open to other users (PGlite makes its files 0666 otherwise).
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "./app";
import { loadConfig } from "./config";
import { ensurePrivateDir } from "./data-dir";
import { openDatabase } from "./db/client";
import { createLogger } from "./logger";

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "fb-data-dir-"));
  temporary.push(dir);
  return dir;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file and folder under `dir` (itself included) whose mode lets others in. */
function openToOthers(dir: string): string[] {
  const found = (modeOf(dir) & 0o077) !== 0 ? [`${dir} ${modeOf(dir).toString(8)}`] : [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) continue;
    if ((modeOf(full) & 0o077) !== 0) found.push(`${full} ${modeOf(full).toString(8)}`);
  }
  return found;
}

describe("the data folder is private", () => {
  it("creates DATA_DIR 0700 and narrows a wider one with a warning", () => {
    const root = tempDir();
    const fresh = path.join(root, "a", "data");
    const warnings: string[] = [];
    expect(ensurePrivateDir(fresh, (m) => warnings.push(m))).toBe(false);
    expect(modeOf(fresh)).toBe(0o700);
    expect(modeOf(path.join(root, "a"))).toBe(0o700);
    expect(warnings).toEqual([]);

    const wide = path.join(root, "wide");
    mkdirSync(wide);
    chmodSync(wide, 0o755);
    expect(ensurePrivateDir(wide, (m) => warnings.push(m))).toBe(true);
    expect(modeOf(wide)).toBe(0o700);
    expect(warnings).toEqual([`${wide} was open to other users (mode 0755): narrowed to 0700`]);
  });

  it(
    "creates the embedded database's folder 0700, none of its files open to others",
    { timeout: 60_000 },
    async () => {
      const dir = path.join(tempDir(), "pglite");
      const warnings: string[] = [];
      const handle = await openDatabase({ dir, warn: (m) => warnings.push(m) });
      try {
        await handle.db.execute(sql`CREATE TABLE issue29 (x int)`);
        await handle.db.execute(sql`INSERT INTO issue29 VALUES (1)`);
        expect(openToOthers(dir)).toEqual([]);
      } finally {
        await handle.close();
      }
      expect(modeOf(dir)).toBe(0o700);
      expect(openToOthers(dir)).toEqual([]);
      expect(warnings).toEqual([]);
    },
  );

  it(
    "narrows an existing database folder and files left open by an older version",
    { timeout: 60_000 },
    async () => {
      const dir = path.join(tempDir(), "pglite");
      mkdirSync(dir);
      chmodSync(dir, 0o755);
      const warnings: string[] = [];
      const handle = await openDatabase({ dir, warn: (m) => warnings.push(m) });
      await handle.close();
      expect(warnings).toEqual([`${dir} was open to other users (mode 0755): narrowed to 0700`]);
      // An older version left its files 0666 and the folder 0755.
      chmodSync(dir, 0o755);
      chmodSync(path.join(dir, "PG_VERSION"), 0o666);
      const again = await openDatabase({ dir, warn: (m) => warnings.push(m) });
      await again.close();
      expect(openToOthers(dir)).toEqual([]);
      expect(warnings).toHaveLength(2);
    },
  );

  it(
    "tells the server's log when it narrows the database's folder",
    { timeout: 60_000 },
    async () => {
      const dataDir = tempDir();
      const dir = path.join(dataDir, "pglite");
      mkdirSync(dir);
      chmodSync(dir, 0o755);
      const warned: { fields: unknown; message: string }[] = [];
      const log = createLogger("silent");
      log.warn = ((fields: unknown, message: string) =>
        void warned.push({ fields, message })) as typeof log.warn;
      const handle = await prepareDatabase(loadConfig({ DATA_DIR: dataDir }, false), log);
      await handle.close();
      expect(modeOf(dir)).toBe(0o700);
      expect(warned).toEqual([
        {
          fields: { dir },
          message: `${dir} was open to other users (mode 0755): narrowed to 0700`,
        },
      ]);
    },
  );
});
