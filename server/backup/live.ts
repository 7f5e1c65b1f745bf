/**
 * Backups of the embedded database while the site runs. PGlite lives inside
 * the server's process and its folder is locked (server/db/client.ts), so
 * `npm run backup` asks the server for the dump over a Unix socket in the
 * data folder. Whoever can open the socket can read the data folder anyway:
 * the file's permissions (0600, the server's user) are the access check.
 */
import { readFileSync, unlinkSync, chmodSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import { dumpLines, type SqlSession } from "./logical";

export const BACKUP_SOCKET_NAME = "backup.sock";
/** sun_path holds 108 bytes on Linux, 104 on macOS. */
const MAX_SOCKET_PATH = 103;

/** The pid of a live process holding the embedded database in `dir`, if any. */
export function liveServerPid(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dir, "founderbridge.lock"), "utf8").trim());
  } catch {
    return undefined;
  }
  if (!pid || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}

/**
 * Waits until the socket takes more, or fails when it closes first: the dump
 * holds the embedded database, so a client that leaves must never leave the
 * site waiting.
 */
function drained(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      socket.off("drain", onDrain);
      socket.off("close", onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error("the backup client left"));
    socket.on("drain", onDrain);
    socket.on("close", onClose);
  });
}

/** Listens on `<dataDir>/backup.sock`; each connection that sends "dump" gets the logical dump. */
export function serveLiveBackups(
  handle: DatabaseHandle,
  dataDir: string,
  log: Pick<Logger, "info" | "warn">,
): { close(): Promise<void> } {
  const socketPath = path.join(dataDir, BACKUP_SOCKET_NAME);
  if (handle.kind !== "pglite" || socketPath.length > MAX_SOCKET_PATH) {
    if (handle.kind === "pglite") {
      log.warn(
        { socketPath },
        "data folder path too long for the backup socket: stop the server to back up",
      );
    }
    return { close: async () => {} };
  }
  const client = (
    handle.db as unknown as {
      $client: { transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T> };
    }
  ).$client;
  const server: Server = createServer((socket) => {
    socket.on("error", () => {});
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString("utf8");
      if (!received.includes("\n")) {
        if (received.length > 100) socket.destroy();
        return;
      }
      socket.off("data", onData);
      const command = received.slice(0, received.indexOf("\n"));
      if (command !== "dump") {
        socket.end(JSON.stringify(["error", "unknown command"]) + "\n");
        return;
      }
      const started = performance.now();
      client
        .transaction(async (tx) => {
          for await (const line of dumpLines(tx)) {
            if (socket.destroyed) throw new Error("the backup client left");
            if (!socket.write(line + "\n")) await drained(socket);
          }
        })
        .then(
          () => {
            socket.end();
            log.info({ ms: Math.round(performance.now() - started) }, "backup dump sent");
          },
          (error: unknown) => {
            log.warn({ err: error }, "backup dump failed");
            socket.end(JSON.stringify(["error", String((error as Error).message)]) + "\n");
          },
        );
    };
    socket.on("data", onData);
  });
  // A socket file left by a killed server: the data folder's lock says this process owns it now.
  try {
    unlinkSync(socketPath);
  } catch {
    // None.
  }
  server.listen(socketPath, () => {
    try {
      chmodSync(socketPath, 0o600);
    } catch {
      // Best effort: the data folder's own permissions still apply.
    }
  });
  server.on("error", (error) => log.warn({ err: error }, "backup socket"));
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        try {
          unlinkSync(socketPath);
        } catch {
          // Gone.
        }
      }),
  };
}
