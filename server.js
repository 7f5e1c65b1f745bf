// Process entry. `node server.js` serves the production build (run `npm run
// build` first; `npm start` does both). `node server.js --dev` serves the app
// through Vite's middleware with hot reload.
// First of all: an old Node.js stops here with one line (scripts/check-node.js).
import "./scripts/check-node.js";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("./app/entry.express.ts");
  await start({ vite });
} else {
  let entry;
  try {
    entry = await import("./build/server/index.js");
  } catch (error) {
    if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("build/server")) {
      console.error("No production build found: run `npm run build` first (or `npm start`).");
      process.exit(1);
    }
    throw error;
  }
  await entry.start({});
}
