import { readFileSync } from "node:fs";
import path from "node:path";

/** The app's name and version from package.json (run from the project root, as the server is). */
export function appVersion(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as {
      name: string;
      version: string;
    };
    return { name: pkg.name, version: pkg.version };
  } catch {
    return { name: "founderbridge", version: "unknown" };
  }
}
