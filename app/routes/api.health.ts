import { runHealthCheck } from "~/features/health/run-health-check.server";

// GET /api/health: the health report as JSON; 200 when healthy, 503 otherwise.
export async function loader() {
  const report = await runHealthCheck();
  return Response.json(report, {
    status: report.status === "healthy" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
