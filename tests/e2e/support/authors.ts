/**
 * Authors for the authoring journeys: made with admin:create on a fresh data
 * directory (before its server starts), then given their role in the
 * embedded database directly.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const run = promisify(execFile);

export type Author = {
  email: string;
  username: string;
  name: string;
  password: string;
  role: "mentor" | "admin" | "user";
};

export async function createAuthors(dataDir: string, authors: Author[]) {
  for (const author of authors) {
    const child = run(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/create-admin.ts",
        "--email",
        author.email,
        "--username",
        author.username,
        "--name",
        author.name,
        "--password-stdin",
      ],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" } },
    );
    child.child.stdin?.end(author.password);
    await child;
  }
  const db = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    extensions: { pg_trgm },
  });
  try {
    for (const author of authors) {
      await db.query("UPDATE profiles SET role = $2, profile_completed = true WHERE email = $1", [
        author.email,
        author.role,
      ]);
    }
    // The journeys' admins sign in with a password alone (docs/decisions/0140).
    await db.exec("UPDATE site_settings SET require_admin_two_factor = false");
  } finally {
    await db.close();
  }
}
