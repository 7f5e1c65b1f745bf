import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The path aliases (`~/…` app, `#server/…`, `#tests/…`), declared once: in
 * tsconfig.json's "paths", which TypeScript and Playwright read; Vite and
 * Vitest take them from there.
 */
export const alias: Record<string, string> = Object.fromEntries(
  Object.entries(
    (
      JSON.parse(readFileSync(new URL("./tsconfig.json", import.meta.url), "utf8")) as {
        compilerOptions: { paths: Record<string, string[]> };
      }
    ).compilerOptions.paths,
  ).map(([name, [target]]) => [
    name.replace(/\/\*$/, ""),
    fileURLToPath(new URL(target!.replace(/\/\*$/, ""), import.meta.url)),
  ]),
);

/** Small modules of the reader's pages (root, home, post), bundled together in the browser. */
const READER_KIT = new RegExp(
  "/app/(lib/(client-log|format|relative-time|submission-key|use-submission-key|use-hydrated|site-time-zone|share-card|video)" +
    "|components/(ui/(button-styles|confirm-dialog|dropdown-menu)|layout/not-found-page|image/responsive-image)" +
    "|features/(layout/(icons|theme|theme-toggle|nav-links)|accounts/(awaiting-approval|permissions|viewer-parts)|posts/(archive|sidebar-widgets|views|post-card)|seo/(feeds|meta)" +
    "|comments/comment-api|reports/hidden-note|favorites/favorite-styles))\\.tsx?$|/server/storage/image-variants\\.ts$",
);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias },
  build: {
    rolldownOptions: {
      output: {
        // The small helpers every reader's page loads, in one chunk rather than a
        // dozen of a few hundred bytes each (decision 0107).
        codeSplitting: {
          groups: [{ name: "reader-kit", test: READER_KIT }],
        },
      },
    },
  },
  // The editor (authoring routes only) is pre-bundled in development.
  optimizeDeps: {
    include: [
      "@tiptap/core",
      "@tiptap/pm/state",
      "@tiptap/pm/view",
      "@tiptap/react",
      "@tiptap/react/menus",
      "@tiptap/suggestion",
      "@tiptap/starter-kit",
      "@tiptap/extension-text-align",
      "@tiptap/extension-text-style",
      "@tiptap/extension-image",
    ],
  },
  // The production server bundle is our Express app (server/app.ts, composed
  // with the app's hooks in app/entry.express.ts), which imports React
  // Router's virtual server build itself.
  environments: {
    ssr: {
      build: {
        rolldownOptions: { input: "./app/entry.express.ts" },
      },
      // Bundled, so the server holds the dozen icons it draws: imported from
      // node_modules, lucide-react's entry loads all of its ~1,600 icons (about
      // 40 MiB of the server's memory, docs/decisions/0104).
      resolve: { noExternal: ["lucide-react"] },
    },
  },
});
