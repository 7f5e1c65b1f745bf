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
          environment: "node",
          // Each file creates its own database; PGlite start-up is CPU-bound.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
