import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { alias } from "./vite.config";

/**
 * Test files run side by side, one per worker: as many workers as cores (Vitest's default,
 * cores − 1, is one on a 2-core machine). One more for the integration files was 15 % faster
 * but brought out timing flakes in CI; TEST_WORKERS overrides both (e.g. 1 to debug, 3 to try).
 */
const cores = availableParallelism();
const workers = (extra: number) =>
  Number(process.env.TEST_WORKERS) || Math.max(1, Math.min(cores + extra, 8));

/**
 * A worker runs its files one after another in one module graph (decision 0240): the app, Drizzle,
 * Better Auth and React Email are loaded once per worker, not once per file, which was a third of
 * the integration project's time. Each file still gets its own database and sets the process's
 * services itself. TEST_ISOLATE=1 gives every file a fresh module graph again, to tell whether a
 * failure comes from a file that ran before it in the same worker.
 */
const isolated = process.env.TEST_ISOLATE === "1";

/**
 * Files that assert what PostgreSQL does on disk, which other sessions can change: run alone,
 * after every other file. (A view is a heap-only update only if the row's page can be pruned,
 * and other test databases' sessions being set up at the same moment held that back.)
 */
const ALONE = ["app/features/posts/views.integration.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{app,server,scripts}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.integration.test.{ts,tsx}", "node_modules/**"],
          environment: "node",
          maxWorkers: workers(0),
          isolate: isolated,
          // Projects with different worker counts run one after the other: unit tests first.
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["{app,server,scripts,tests}/**/*.integration.test.{ts,tsx}"],
          // .ci/run runs the fault suite as a step of its own, on a machine doing nothing else
          // (its figures are timings), and sets this while it runs everything else.
          exclude: [
            "**/node_modules/**",
            ...(process.env.TEST_EXCLUDE_FAULTS ? ["tests/faults/**"] : []),
            ...ALONE,
          ],
          environment: "node",
          maxWorkers: workers(0),
          isolate: isolated,
          sequence: { groupOrder: 1 },
          // One migrated template database, copied by each file, and a fresh production build
          // for the HTTP tests (tests/support/global-setup.ts).
          globalSetup: ["tests/support/global-setup.ts"],
          // Each file creates its own database; PGlite start-up is CPU-bound.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration-alone",
          include: ALONE,
          environment: "node",
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
