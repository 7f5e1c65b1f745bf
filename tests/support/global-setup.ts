/**
 * The integration project's global set-up, once per `vitest run`:
 *
 * - the migrated template database every test file copies
 *   (tests/support/test-database.ts);
 * - a production build that is not older than the code, for the HTTP tests,
 *   which serve the app from build/server/index.js (tests/support/http-app.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureFreshBuild } from "./fresh-build";
import { createTestDatabaseTemplate } from "./test-database";

export default async function setup(project: TestProject) {
  ensureFreshBuild();
  const folder = mkdtempSync(path.join(tmpdir(), "founderbridge-template-"));
  const started = Date.now();
  const { template, remove } = await createTestDatabaseTemplate(path.join(folder, "pgdata.tar"));
  if (process.env.TEST_TIMINGS) {
    console.log(`template database (${template.kind}) made in ${Date.now() - started} ms`);
  }
  project.provide("testDatabaseTemplate", template);
  return async () => {
    await remove();
    rmSync(folder, { recursive: true, force: true });
  };
}
