/**
 * The health page's other states (docs/product/administration.md#health), from real failures: a
 * storage that stops answering (s3rver, stopped) gives degraded, a database
 * closed as well gives unhealthy, and a check that cannot run at all gives
 * "Failed to check health". Each state is rendered as the page shows it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement, type FC } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "#server/storage/s3";
import type { Storage } from "#server/storage";
import Health, { loader } from "~/routes/health";
import { testServices } from "~/lib/services.server";
import { testContext } from "~/pipeline/test-context.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { checkHealth, type HealthReport } from "./health.server";

let t: TestDatabase;
let emulator: S3rver | undefined;
let emulatorDir: string;
let storage: Storage;

beforeAll(async () => {
  t = await createTestDatabase();
  emulatorDir = await mkdtemp(path.join(tmpdir(), "fb-health-s3-"));
  emulator = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: emulatorDir,
    configureBuckets: [{ name: "founderbridge-health", configs: [] }],
  });
  const { port } = await emulator.run();
  storage = createS3Storage({
    bucket: "founderbridge-health",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
}, 60_000);

afterAll(async () => {
  await emulator?.close().catch(() => undefined);
  await t?.destroy().catch(() => undefined);
  await rm(emulatorDir, { recursive: true, force: true });
});

/** The page as the server renders it for this loader data. */
function renderPage(loaderData: { report: HealthReport | null; error: string | null }) {
  const props = { loaderData, actionData: undefined, params: {}, matches: [] };
  const router = createMemoryRouter(
    [
      // The route's generated props hold more than the page reads.
      { path: "/health", element: createElement(Health as unknown as FC<typeof props>, props) },
    ],
    { initialEntries: ["/health"] },
  );
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

const checksOf = (r: HealthReport) =>
  Object.fromEntries(Object.entries(r.checks).map(([name, c]) => [name, c.status]));

describe("health states", () => {
  it("healthy while the database and the storage answer", async () => {
    const report = await checkHealth({ db: t.db, storage, environment: "production" });
    expect(report.status).toBe("healthy");
    expect(renderPage({ report, error: null })).toContain(">healthy<");
  });

  it("degraded when the storage stops answering: Storage is Down, the rest Operational", async () => {
    await emulator!.close();
    emulator = undefined;
    const report = await checkHealth({ db: t.db, storage, environment: "production" });
    expect(report.status).toBe("degraded");
    expect(checksOf(report)).toEqual({
      database: "Operational",
      storage: "Down",
      authentication: "Operational",
    });
    expect(report.checks.storage.error).toBeTruthy();
    const html = renderPage({ report, error: null });
    expect(html).toContain(">degraded<");
    expect(html).toMatch(/Storage<\/span>.*?>Down</s);
    expect(html).toMatch(/Database<\/span>.*?>Operational</s);
    expect(html).not.toContain("Failed to check health");
  });

  it("unhealthy when the database is gone too: every check Down", async () => {
    await t.destroy();
    const report = await checkHealth({ db: t.db, storage, environment: "production" });
    expect(report.status).toBe("unhealthy");
    expect(checksOf(report)).toEqual({
      database: "Down",
      storage: "Down",
      authentication: "Down",
    });
    const html = renderPage({ report, error: null });
    expect(html).toContain(">unhealthy<");
    expect(html.match(/>Down</g)).toHaveLength(3);
  });

  it("Failed to check health when the check cannot run at all (503, never cached)", async () => {
    // No services in the request's context: the check throws before it starts.
    const answer = await loader({
      request: new Request("http://localhost/health"),
      context: testContext({ services: testServices({}) }),
    });
    expect(answer.init?.status).toBe(503);
    expect(new Headers(answer.init?.headers).get("cache-control")).toBe("no-store");
    expect(answer.data).toEqual({ report: null, error: "Failed to check health" });
    const html = renderPage(answer.data);
    expect(html).toMatch(/<p role="alert"[^>]*>Failed to check health<\/p>/);
    expect(html).not.toContain("Overall status");
  });
});
