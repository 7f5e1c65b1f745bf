import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Storage } from "#server/storage";

export type CheckStatus = "Operational" | "Down";
export type OverallStatus = "healthy" | "degraded" | "unhealthy";

export type HealthReport = {
  status: OverallStatus;
  checks: {
    database: { status: CheckStatus; responseTime: number; error?: string };
    storage: { status: CheckStatus; responseTime: number; error?: string };
    authentication: { status: CheckStatus; responseTime: number; error?: string };
  };
  responseTime: number;
  timestamp: string;
  version: string;
  environment: string;
};

/** docs/product/administration.md#health: the version and environment the health page shows. */
export const HEALTH_VERSION = "1.0.0";
const CHECK_TIMEOUT_MS = 3_000;

async function timed(check: () => Promise<unknown>) {
  const started = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS).unref(),
      ),
    ]);
    return {
      status: "Operational" as const,
      responseTime: Math.round(performance.now() - started),
    };
  } catch (error) {
    return {
      status: "Down" as const,
      responseTime: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** healthy if all three checks pass, degraded if some pass, unhealthy if none. */
export function overallStatus(statuses: CheckStatus[]): OverallStatus {
  const up = statuses.filter((s) => s === "Operational").length;
  if (up === statuses.length) return "healthy";
  return up === 0 ? "unhealthy" : "degraded";
}

/**
 * The three checks of docs/product/administration.md: a profiles read, a storage listing and an
 * authentication session read.
 */
export async function checkHealth(deps: {
  db: Database;
  storage: Storage;
  environment: string;
}): Promise<HealthReport> {
  const started = performance.now();
  const [database, storage, authentication] = await Promise.all([
    timed(() => deps.db.execute(sql`SELECT id FROM profiles LIMIT 1`)),
    timed(() => deps.storage.check()),
    timed(() => deps.db.execute(sql`SELECT id FROM sessions WHERE expires_at > now() LIMIT 1`)),
  ]);
  return {
    status: overallStatus([database.status, storage.status, authentication.status]),
    checks: { database, storage, authentication },
    responseTime: Math.round(performance.now() - started),
    timestamp: new Date().toISOString(),
    version: HEALTH_VERSION,
    environment: deps.environment,
  };
}
