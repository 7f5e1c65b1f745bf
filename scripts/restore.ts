/**
 * `npm run restore -- ARCHIVE [--force]`
 *
 * Restores a backup from `npm run backup` into the configured database (an
 * empty data folder, or the empty PostgreSQL database of DATABASE_URL) and
 * the uploads folder. Refuses to replace anything unless --force is given.
 * Stop the server first; start it afterwards (it applies newer migrations).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreBackup } from "../server/backup/archive";
import { ConfigError, loadConfig } from "../server/config";
import { ensurePrivateDir, setPrivateUmask } from "../server/data-dir";
import { terminalProgress } from "./backup-progress";

const USAGE = "Usage: npm run restore -- ARCHIVE [--force]";

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { force: { type: "boolean" }, help: { type: "boolean" } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  // What it writes in the data folder is private (docs/decisions/0171).
  setPrivateUmask();
  const config = loadConfig();
  ensurePrivateDir(config.dataDir, (m) => console.warn(m));
  const archive = path.resolve(parsed.positionals[0]!);
  const started = performance.now();
  const { manifest, rows, files, skipped } = await restoreBackup({
    config,
    archive,
    force: parsed.values.force,
    progress: terminalProgress(),
  });
  console.log(
    [
      `Restored ${archive}`,
      `  made ${manifest.createdAt} by ${manifest.app.name} ${manifest.app.version} (schema ${manifest.schema.migration})`,
      `  database: ${rows} rows into ${config.databaseUrl ? "PostgreSQL" : path.join(config.dataDir, "pglite")}`,
      manifest.uploads.included
        ? `  uploads: ${files} files${config.storage.driver === "s3" ? " not copied: STORAGE_DRIVER=s3 (copy the archive's uploads/ into the bucket)" : ""}`
        : `  uploads: not in the archive (${manifest.uploads.reason})`,
      ...(skipped.length > 0
        ? [
            `  uploads skipped: ${skipped.length}`,
            ...skipped.map((s) => `    ${s.name}: ${s.reason}`),
          ]
        : []),
      `  took ${((performance.now() - started) / 1000).toFixed(1)} s`,
    ].join("\n"),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof BackupError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
