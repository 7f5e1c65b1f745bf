/**
 * `npm run export [-- --out FILE] [--include-emails]`
 *
 * Writes the site's content as one JSON file (content.json: posts with their
 * HTML, categories, tags, authors' public profiles, site settings, redirects)
 * plus the uploaded media, in one .tar.gz, for moving the site elsewhere.
 * Members' e-mail addresses only with --include-emails. Default:
 * ./exports/founderbridge-content-<date>.tar.gz. Stop the server first when
 * it runs on the embedded database (or use `npm run backup`, which does not
 * need that).
 */
import { statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeExport } from "../server/backup/export";
import { liveServerPid } from "../server/backup/live";
import { ConfigError, loadConfig } from "../server/config";
import { ensurePrivateDir, setPrivateUmask } from "../server/data-dir";
import { openDatabase } from "../server/db/client";
import { formatBytes } from "./backup-progress";

const USAGE = "Usage: npm run export [-- --out FILE] [--include-emails]";

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: "string" },
        "include-emails": { type: "boolean" },
        help: { type: "boolean" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  setPrivateUmask();
  const config = loadConfig();
  // The default folder is ours: narrowed to 0700 if it was wider (docs/decisions/0171).
  if (!values.out) ensurePrivateDir(path.resolve("exports"), (m) => console.warn(m));
  const name = `founderbridge-content-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
  const out = path.resolve(values.out ?? path.join("exports", name));
  let handle;
  if (config.databaseUrl) {
    handle = await openDatabase({
      url: config.databaseUrl,
      poolSize: 1,
      applicationName: "founderbridge-export",
    });
  } else {
    const dir = path.join(config.dataDir, "pglite");
    if (liveServerPid(dir) !== undefined) {
      console.error(`A server is running on ${dir}: stop it first (or use npm run backup).`);
      return 1;
    }
    handle = await openDatabase({ dir });
  }
  try {
    const summary = await writeExport({
      db: handle.db,
      config,
      out,
      includeEmails: values["include-emails"],
    });
    console.log(
      [
        `Export written: ${out} (${formatBytes(statSync(out).size)})`,
        `  ${summary.posts} posts, ${summary.categories} categories, ${summary.tags} tags, ${summary.authors} authors, ${summary.redirects} redirects, ${summary.media} media files`,
        summary.members === null
          ? "  members' e-mail addresses left out (--include-emails to add them)"
          : `  ${summary.members} members with their e-mail addresses`,
      ].join("\n"),
    );
  } finally {
    await handle.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
