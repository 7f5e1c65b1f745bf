/**
 * `npm run backup [-- --out FILE_OR_FOLDER] [--logical]`
 *
 * Writes one archive (.tar.gz) with the database, the uploads and a manifest
 * (docs/decisions/0135), from the embedded database (through the running
 * server when there is one) or PostgreSQL (pg_dump's custom format when
 * pg_dump is installed; --logical for the driver's own dump). The site may
 * keep running. Default: ./backups/founderbridge-<date>.tar.gz
 */
import { statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, createBackup } from "../server/backup/archive";
import { ConfigError, loadConfig } from "../server/config";
import { ensurePrivateDir, setPrivateUmask } from "../server/data-dir";
import { formatBytes, terminalProgress } from "./backup-progress";

const USAGE = "Usage: npm run backup [-- --out FILE_OR_FOLDER] [--logical]";

function archivePath(out: string | undefined): string {
  const name = `founderbridge-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
  if (!out) return path.resolve("backups", name);
  if (out.endsWith("/") || (statSync(out, { throwIfNoEntry: false })?.isDirectory() ?? false)) {
    return path.resolve(out, name);
  }
  return path.resolve(out);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { out: { type: "string" }, logical: { type: "boolean" }, help: { type: "boolean" } },
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
  if (!values.out) ensurePrivateDir(path.resolve("backups"), (m) => console.warn(m));
  const out = archivePath(values.out);
  const started = performance.now();
  const manifest = await createBackup({
    config,
    out,
    logical: values.logical,
    progress: terminalProgress(),
  });
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  const files = manifest.uploads.included ? Object.keys(manifest.uploads.files).length : 0;
  console.log(
    [
      `Backup written: ${out} (${formatBytes(statSync(out).size)})`,
      `  database: ${manifest.database.driver}, ${manifest.database.method}, ${rows} rows, schema ${manifest.schema.migration}`,
      manifest.uploads.included
        ? `  uploads: ${files} files`
        : `  uploads: ${manifest.uploads.reason}`,
      ...(manifest.database.note ? [`  note: ${manifest.database.note}`] : []),
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
