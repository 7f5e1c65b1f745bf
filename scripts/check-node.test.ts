import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { at } from "#tests/support/json";

/**
 * A fresh clone on an old Node.js: the server refuses to start with one line
 * (scripts/check-node.js, imported first by server.js and run before every
 * build), and the README's set-up needs nothing outside the repository.
 *
 * The old Node is this Node with `process.versions.node` changed by a preload,
 * so the test runs wherever the suite does.
 */
const MINIMUM = "22.22.0";
const dataDir = mkdtempSync(path.join(tmpdir(), "fb-check-node-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runAs(version: string, args: string[]) {
  const preload = `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`;
  return spawnSync(process.execPath, [`--import=${preload}`, ...args], {
    encoding: "utf8",
    timeout: 20_000,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DEMO_CONTENT: "false",
      LOG_LEVEL: "silent",
    },
  });
}

describe("Node.js version", () => {
  it.each(["20.19.0", "18.20.8", "22.21.1"])(
    "on Node %s the server stops at once with one clear line",
    (version) => {
      const run = runAs(version, ["server.js"]);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr.trimEnd().split("\n")).toEqual([
        `FounderBridge needs Node.js ${MINIMUM} or newer (24 recommended, see .nvmrc); this is Node.js ${version}.`,
      ]);
    },
  );

  it.each(["22.22.0", "24.0.0", "26.1.0"])("lets Node %s through", (version) => {
    const run = runAs(version, ["scripts/check-node.js"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("agrees with package.json (engines, and the check before every build) and .nvmrc", () => {
    const pkg: unknown = JSON.parse(readFileSync("package.json", "utf8"));
    expect(at(pkg, "engines", "node")).toBe(`>=${MINIMUM}`);
    expect(at(pkg, "scripts", "prebuild")).toBe("node scripts/check-node.js");
    expect(readFileSync("scripts/check-node.js", "utf8")).toContain(`MINIMUM_NODE = "${MINIMUM}"`);
    const lock: unknown = JSON.parse(readFileSync("package-lock.json", "utf8"));
    expect(at(lock, "packages", "", "engines", "node")).toBe(`>=${MINIMUM}`);
    expect(readFileSync(".nvmrc", "utf8").trim()).toBe("24");
  });

  it("the README's set-up names nothing outside the repository", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readme).not.toMatch(/use-node24|\.\.\/shared/);
    expect(readme).toContain(".nvmrc");
  });
});
