/**
 * The HTTP integration tests serve the production build (build/server/index.js),
 * the same bundle `npm start` runs. A build older than the code would test old
 * code, so it is rebuilt first when any source it is made from is newer.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

export const SERVER_BUILD = path.resolve("build/server/index.js");

const SOURCES = [
  "app",
  "server",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestChange(entry: string): number {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) {
    // Tests are not part of the build.
    if (/\.test\.tsx?$/.test(name)) continue;
    newest = Math.max(newest, newestChange(path.join(entry, name)));
  }
  return newest;
}

/** True when build/server/index.js exists and nothing it is made from changed after it. */
export function buildIsFresh(): boolean {
  let built: number;
  try {
    built = statSync(SERVER_BUILD).mtimeMs;
  } catch {
    return false;
  }
  return SOURCES.every((source) => newestChange(path.resolve(source)) <= built);
}

export function ensureFreshBuild() {
  if (buildIsFresh()) return;
  console.log("build/ is older than the code: running `npm run build` for the HTTP tests");
  const result = spawnSync("npm", ["run", "build", "--silent"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}
