import type { Config } from "./config";
import type { Logger } from "./logger";
import type { Storage } from "./storage";

/**
 * The process's long-lived services, set once by start() in server/app.ts.
 * Kept on globalThis so the dev server's module reloads reuse them.
 */
export type Runtime = {
  config: Config;
  log: Logger;
  storage: Storage;
  startedAt: Date;
};

const key = Symbol.for("founderbridge.runtime");
type GlobalWithRuntime = typeof globalThis & { [key]?: Runtime };

export function setRuntime(runtime: Runtime | undefined) {
  (globalThis as GlobalWithRuntime)[key] = runtime;
}

export function runtime(): Runtime {
  const current = (globalThis as GlobalWithRuntime)[key];
  if (!current) throw new Error("The server runtime is not started (server/app.ts start()).");
  return current;
}

/** The runtime when the server has started, else undefined (unit tests, scripts). */
export function currentRuntime(): Runtime | undefined {
  return (globalThis as GlobalWithRuntime)[key];
}
