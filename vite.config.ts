import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  // The editor (authoring routes only) is pre-bundled in development.
  optimizeDeps: {
    include: [
      "@tiptap/core",
      "@tiptap/pm/state",
      "@tiptap/pm/view",
      "@tiptap/react",
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
    },
  },
});
