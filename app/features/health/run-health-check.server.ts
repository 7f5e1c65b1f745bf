import type { Services } from "#server/services";
import { checkHealth } from "./health.server";

/** The health report of this process. */
export function runHealthCheck({
  db,
  storage,
  config,
}: Pick<Services, "db" | "storage" | "config">) {
  return checkHealth({ db, storage, environment: config.env });
}
