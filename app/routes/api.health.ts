import { runHealthCheck } from "~/features/health/run-health-check.server";
import { services } from "~/lib/services.server";
import type { Route } from "./+types/api.health";

// GET /api/health: the health report as JSON; 200 when healthy, 503 otherwise.
export async function loader({ context }: Route.LoaderArgs) {
  const report = await runHealthCheck(services(context));
  return Response.json(report, {
    status: report.status === "healthy" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
