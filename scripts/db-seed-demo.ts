/**
 * `npm run db:seed:demo`: loads the demo content into the configured database
 * (the embedded one in DATA_DIR, or DATABASE_URL) and prints the demo
 * accounts' sign-in details. Safe to run again: a second run changes nothing.
 *
 * Options: --force  open the embedded database even though it looks in use
 *                   (after a server was killed and left its lock file behind).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig, type Config } from "../server/config";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { ensureReservedRows } from "../server/db/seed";
import {
  demoTwoFactorNote,
  seedDemo,
  type DemoAccount,
  type SeedDemoResult,
} from "../server/db/seed-demo";
import { createStorage } from "../server/storage";

class ScriptError extends Error {}

function loadConfigOrExplain(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new ScriptError(error.message);
    throw error;
  }
}

async function openConfiguredDatabase(config: Config, force: boolean): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    try {
      return await openDatabase({
        url: config.databaseUrl,
        poolSize: 2,
        applicationName: "founderbridge-seed-demo",
      });
    } catch (error) {
      throw new ScriptError(
        `Could not connect to the database at DATABASE_URL: ${(error as Error).message}`,
      );
    }
  }

  const dir = path.join(config.dataDir, "pglite");
  // PGlite does not stop a second process from opening the same folder, and two
  // writers corrupt it. A running embedded database leaves postmaster.pid behind.
  if (!force && existsSync(path.join(dir, "postmaster.pid"))) {
    throw new ScriptError(
      [
        `The embedded database in ${dir} is in use, probably by a running server.`,
        "PGlite cannot be opened by two processes at once. Stop the server and run this again.",
        "If no server is running (one was killed and left its lock behind), run:",
        "  npm run db:seed:demo -- --force",
      ].join("\n"),
    );
  }
  try {
    return await openDatabase({ dir });
  } catch (error) {
    throw new ScriptError(
      `Could not open the embedded database in ${dir}: ${(error as Error).message}\n` +
        "If the server is running, stop it first: PGlite cannot be opened by two processes at once.",
    );
  }
}

function formatTable(accounts: DemoAccount[]): string {
  const headers = ["Role", "Status", "E-mail", "Username", "Password"] as const;
  const rows = accounts.map((a) => [a.role, a.status, a.email, a.username, a.password]);
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

function report(result: SeedDemoResult, config: Config): void {
  console.log(
    result.created
      ? "\nDemo content loaded. Sign-in details of the demo accounts:\n"
      : "\nDemo accounts (their passwords were shown when the demo was first loaded):\n",
  );
  if (result.accounts.length === 0) {
    console.log("None of the demo accounts exist any more.");
    return;
  }
  console.log(formatTable(result.accounts));
  console.log(
    `\nSign in at ${config.siteUrl}/login with the e-mail address (or username) and password.`,
  );
  console.log(
    "Pending accounts wait for approval, blocked ones are refused, and the unverified one must enter a code first.",
  );
  if (result.created) {
    console.log("These passwords are shown only this once: keep them somewhere safe.");
    if (!config.databaseUrl) console.log(["", ...demoTwoFactorNote(config.siteUrl)].join("\n"));
  } else {
    console.log(
      "Passwords are shown only by the run that creates them. For new ones, load the demo into an empty database" +
        (config.databaseUrl
          ? "."
          : ` (stop the server, move ${path.join(config.dataDir, "pglite")} away, run again).`),
    );
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExplain();
  const handle = await openConfiguredDatabase(config, process.argv.includes("--force"));
  try {
    await migrateDatabase(handle);
    await ensureReservedRows(handle.db);
    const result = await seedDemo(handle.db, createStorage(config), {
      log: (msg) => console.log(msg),
      siteName: config.siteName,
      // The embedded database is the demo site, as `npm start` makes it (decision 0168).
      demoSite: !config.databaseUrl,
    });
    report(result, config);
  } finally {
    await handle.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ScriptError ? error.message : error);
    process.exit(1);
  },
);
