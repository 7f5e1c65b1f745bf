import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseLockedError, lockDataFolder } from "./client";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "fb-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("lockDataFolder", () => {
  it("keeps a second live process out of the folder", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    try {
      writeFileSync(path.join(dir, "founderbridge.lock"), String(other.pid));
      expect(() => lockDataFolder(dir)).toThrow(DatabaseLockedError);
      expect(() => lockDataFolder(dir)).toThrow(/in use by process/);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that is gone, and releases it", () => {
    const dir = tempDir();
    const file = path.join(dir, "founderbridge.lock");
    writeFileSync(file, "999999999");
    const unlock = lockDataFolder(dir);
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    unlock();
    expect(() => readFileSync(file)).toThrow();
  });
});
