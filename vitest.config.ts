import { defineConfig } from "vitest/config";
import { alias } from "./vite.config";

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
          ],
          environment: "node",
          // Each file creates its own database; PGlite start-up is CPU-bound.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
