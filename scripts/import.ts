/**
 * `npm run import -- FILE [--dry-run] [--author USERNAME] [--source-url URL]`
 *
 * Imports our own export (the .tar.gz `npm run export` writes, or its
 * content.json), a Ghost export (JSON) or a WordPress export (WXR). Authors
 * are matched to existing profiles by e-mail or username; posts by authors
 * with no match go to --author (required when there are any). Old URLs get
 * redirects to the new ones. Running it twice adds nothing; --dry-run writes
 * nothing and prints what it would do. --source-url is the old Ghost site's
 * address, put in place of Ghost's __GHOST_URL__ in image links.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  formatReport,
  importBundle,
  UnmappedAuthorsError,
} from "../app/features/import/import.server";
import { ImportFormatError, readSource } from "../app/features/import/sources.server";
import { liveServerPid } from "../server/backup/live";
import { importMedia, readExport } from "../server/backup/export";
import { ArchiveRefused, scanArchive } from "../server/backup/safe-extract";
import { ConfigError, loadConfig } from "../server/config";
import { ensurePrivateDir, setPrivateUmask } from "../server/data-dir";
import { openDatabase } from "../server/db/client";
import { uploadsDir } from "../server/storage";
import { migrateDatabase } from "../server/db/migrate";

const USAGE = "Usage: npm run import -- FILE [--dry-run] [--author USERNAME] [--source-url URL]";

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        "dry-run": { type: "boolean" },
        author: { type: "string" },
        "source-url": { type: "string" },
        help: { type: "boolean" },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const file = path.resolve(positionals[0]!);
  const archive = /\.(tar\.gz|tgz)$/i.test(file);
  // Links and archives that unpack to too much are refused before anything is read or written.
  if (archive) await scanArchive(file);
  const raw = archive ? JSON.stringify(await readExport(file)) : await readFile(file, "utf8");
  const bundle = readSource(raw, { sourceUrl: values["source-url"] });

  // What it writes in the data folder is private (docs/decisions/0171).
  setPrivateUmask();
  const config = loadConfig();
  ensurePrivateDir(config.dataDir, (m) => console.warn(m));
  let handle;
  if (config.databaseUrl) {
    handle = await openDatabase({
      url: config.databaseUrl,
      poolSize: 1,
      applicationName: "founderbridge-import",
    });
  } else {
    const dir = path.join(config.dataDir, "pglite");
    if (liveServerPid(dir) !== undefined) {
      console.error(`A server is running on ${dir}: stop it first.`);
      return 1;
    }
    handle = await openDatabase({ dir });
  }
  try {
    // A new site being filled from an old one may not have started yet.
    await migrateDatabase(handle);
    const started = performance.now();
    const report = await importBundle(handle.db, bundle, {
      dryRun: values["dry-run"],
      fallbackAuthor: values.author,
      siteOrigin: config.siteUrl,
    });
    console.log(formatReport(report, (performance.now() - started) / 1000));
    if (archive && config.storage.driver === "s3") {
      console.log("  media files not copied: the uploads are on S3 (copy media/ to the bucket)");
    } else if (archive) {
      const copied = await importMedia(file, uploadsDir(config.dataDir), {
        dryRun: values["dry-run"],
      });
      console.log(
        `  media: ${copied.files.length} files ${values["dry-run"] ? "would be " : ""}copied to the uploads (files already there are kept)`,
      );
      if (copied.skipped.length > 0) console.log(`  media skipped: ${copied.skipped.length}`);
      for (const s of copied.skipped) console.log(`    ${s.item}: ${s.reason}`);
    }
  } finally {
    await handle.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof ImportFormatError ||
      error instanceof UnmappedAuthorsError ||
      error instanceof ArchiveRefused ||
      (error as NodeJS.ErrnoException).code === "ENOENT";
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
