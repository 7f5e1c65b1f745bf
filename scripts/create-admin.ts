/**
 * `npm run admin:create -- --email you@example.com --username you [--name "Your Name"] [--password-stdin]`
 *
 * Creates a verified, approved administrator in the configured database (the
 * embedded one in DATA_DIR, or DATABASE_URL) and prints a generated password,
 * or takes the password from standard input with --password-stdin
 * (e.g. `printf '%s' "$PASSWORD" | npm run admin:create -- ... --password-stdin`).
 * Options: --force  open the embedded database even though it looks in use.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { ensureReservedRows } from "../server/db/seed";
import {
  createAdmin,
  CreateAdminError,
  generatePassword,
} from "../app/features/accounts/create-admin.server";

class ScriptError extends Error {}

const USAGE =
  'Usage: npm run admin:create -- --email you@example.com --username you [--name "Your Name"] [--password-stdin] [--force]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function openConfigured(
  force: boolean,
): Promise<{ handle: DatabaseHandle; siteUrl: string }> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new ScriptError(error.message);
    throw error;
  }
  if (config.databaseUrl) {
    const handle = await openDatabase({
      url: config.databaseUrl,
      poolSize: 1,
      applicationName: "founderbridge-admin-create",
    });
    return { handle, siteUrl: config.siteUrl };
  }
  const dir = path.join(config.dataDir, "pglite");
  if (!force && existsSync(path.join(dir, "postmaster.pid")))
    throw new ScriptError(
      `The embedded database in ${dir} is in use, probably by a running server. Stop it and run this again (or add --force if no server is running).`,
    );
  return { handle: await openDatabase({ dir }), siteUrl: config.siteUrl };
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        username: { type: "string" },
        name: { type: "string" },
        "password-stdin": { type: "boolean", default: false },
        force: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    throw new ScriptError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.email || !values.username) throw new ScriptError(USAGE);
  const generated = !values["password-stdin"];
  const password = generated ? generatePassword() : await readStdin();
  const { handle, siteUrl } = await openConfigured(values.force);
  try {
    await migrateDatabase(handle);
    await ensureReservedRows(handle.db);
    const admin = await createAdmin(handle.db, {
      email: values.email,
      username: values.username,
      fullName: values.name,
      password,
    });
    console.log(`Administrator created: ${admin.email} (@${admin.username}).`);
    if (generated) {
      console.log(`Password: ${password}`);
      console.log("It is shown only this once: keep it somewhere safe.");
    }
    console.log(`Sign in at ${siteUrl}/login.`);
  } catch (error) {
    if (error instanceof CreateAdminError) throw new ScriptError(error.message);
    throw error;
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
