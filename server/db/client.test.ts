import { spawn } from "node:child_process";
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseLockedError, lockDataFolder, withTimeout } from "./client";

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
  it("keeps a second live process out of the folder", () => {
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

describe("withTimeout (the readiness check's limit)", () => {
  /** Two ends of a local TCP connection. */
  async function socketPair() {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const accepted = new Promise<Socket>((resolve) => server.once("connection", resolve));
    const client = connect(port, "127.0.0.1");
    await new Promise((resolve) => client.once("connect", resolve));
    const peer = await accepted;
    const close = () => {
      client.destroy();
      peer.destroy();
      server.close();
    };
    return { client, peer, close };
  }

  /** The process runs nothing else for `ms` (as when it gets no CPU). */
  function starve(ms: number) {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // busy
    }
  }

  it("takes an answer that arrived in time though the process only reads it after the limit", async () => {
    const { client, peer, close } = await socketPair();
    try {
      const answer = new Promise((resolve) => peer.once("data", resolve));
      const limited = withTimeout(answer, 20);
      client.write("SELECT 1 answered");
      // The answer is in the socket's buffer, and the 20 ms timer is due, when this ends.
      starve(150);
      await expect(limited).resolves.toBeDefined();
    } finally {
      close();
    }
  });

  it("still fails when nothing answered within the limit", async () => {
    let timedOut = 0;
    const never = new Promise<never>(() => {});
    await expect(withTimeout(never, 20, () => (timedOut += 1))).rejects.toThrow(
      "the database did not answer within 20 ms",
    );
    expect(timedOut).toBe(1);
  });
});
