import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { checkHealth } from "./health.server";

/** The health report of this process. */
export function runHealthCheck() {
  const { storage, config } = runtime();
  return checkHealth({ db: db(), storage, environment: config.env });
}
