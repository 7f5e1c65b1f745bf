/**
 * The bench's database (scripts/bench.ts): a fresh embedded PGlite, or a
 * throwaway database on BENCH_DATABASE_URL's PostgreSQL, dropped afterwards;
 * seeded with the demo content and BENCH_POSTS generated posts.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { migrateDatabase } from "../../server/db/migrate";
import { ensureReservedRows } from "../../server/db/seed";
import { seedDemo } from "../../server/db/seed-demo";
import { createStorage } from "../../server/storage";
import { POSTS, SERVER_URL } from "./settings";

export type BenchDatabase = { url?: string; dataDir: string; drop(): Promise<void> };

export async function createDatabase(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "founderbridge-bench-"));
  if (!SERVER_URL) {
    return {
      dataDir,
      drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const name = `fb_bench_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function seed(database: BenchDatabase): Promise<{ email: string; password: string }> {
  const started = performance.now();
  const handle: DatabaseHandle = database.url
    ? await openDatabase({ url: database.url, poolSize: 2 })
    : await openDatabase({ dir: path.join(database.dataDir, "pglite") });
  await migrateDatabase(handle);
  await ensureReservedRows(handle.db);
  const demo = await seedDemo(handle.db, createStorage({ dataDir: database.dataDir }), {});
  const member = demo.accounts.find((a) => a.role === "user" && a.status === "approved");
  if (!member) throw new Error("no approved demo member to sign in as");
  const topics = sql.raw(
    `(ARRAY['visa', 'hiring', 'banking', 'tax', 'sales', 'fundraising', 'pricing'])`,
  );
  await handle.db.execute(sql`
    INSERT INTO posts (title, slug, content, excerpt, category_id, author_id, status, published_at,
                       reading_time_minutes, is_featured)
    SELECT
      'Bench note ' || i || ': ' || ${topics}[1 + i % 7] || ' between London and Bengaluru',
      'bench-note-' || i,
      '<h2>Notes</h2><p>' || repeat('Founders building between the UK and India compare what worked on '
        || ${topics}[1 + (i / 7) % 7] || ' and what they would change next time. ', 30) || '</p>',
      'What founders learned about ' || ${topics}[1 + i % 7] || ', case ' || i || '.',
      (SELECT id FROM categories WHERE slug <> 'uncategorized' ORDER BY slug OFFSET (i % 6) LIMIT 1),
      (SELECT id FROM profiles WHERE role <> 'user' ORDER BY id OFFSET (i % 3) LIMIT 1),
      'published',
      now() - make_interval(mins => 60 + i * 7),
      4,
      i % 500 = 0
    FROM generate_series(1, ${POSTS}) AS i
  `);
  await handle.db.execute(sql`ANALYZE`);
  await handle.close();
  console.log(
    `Seeded ${POSTS} posts (+ demo content) in ${Math.round(performance.now() - started)} ms`,
  );
  return { email: member.email, password: member.password };
}
