/**
 * `npm run bench:admin`: how fast the admin's lists answer at scale (docs/milestones.md#issue-19-administration-on-a-phone-and-at-scale). On a throwaway PostgreSQL database (BENCH_DATABASE_URL, e.g.
 * postgres://postgres@127.0.0.1:5432/postgres; created and dropped here) it
 * seeds the demo content plus 10,000 members and 10,000 posts
 * (BENCH_ADMIN_ROWS), starts the production server, signs the demo admin in
 * and fetches each Users and Posts tab address (default order, every sort
 * both ways, filters, searches, a page deep in the list) one at a time,
 * BENCH_ADMIN_REPEAT times each after one warm-up, printing p50, p95 and
 * the slowest in ms against the budget of 100 ms, and the page's size;
 * then the same lists' queries alone (listUsers / listAdminPosts, the count
 * and the page), to tell the database's share from the rendering's, and
 * each of those statements' EXPLAIN ANALYZE execution time (the server's
 * own, steadier than wall-clock time on a shared machine).
 * BENCH_ADMIN_KEEP=1 keeps the database (its address is printed) to look at
 * query plans.
 *
 * Needs `npm run build` first (the npm script does it).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { openDatabase, type Database } from "../server/db/client";
import * as schema from "../server/db/schema";
import { migrateDatabase } from "../server/db/migrate";
import { ensureReservedRows } from "../server/db/seed";
import { seedDemo } from "../server/db/seed-demo";
import { createStorage } from "../server/storage";
import { profiles } from "../server/db/schema";
import { listUsers, type UserSort } from "../app/features/admin/users.server";
import {
  listAdminPosts,
  type PostFilterStatus,
  type PostSort,
} from "../app/features/admin/posts-tab.server";

const ROWS = Number(process.env.BENCH_ADMIN_ROWS ?? 10_000);
const REPEAT = Number(process.env.BENCH_ADMIN_REPEAT ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3901);
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET_MS = 100;

/** The addresses timed: every sort of both tabs both ways, the filters, searches and deep pages. */
const PAGES = [
  "/admin?tab=users",
  "/admin?tab=users&page=150",
  ...["user", "email", "role", "status", "joined"].flatMap((s) => [
    `/admin?tab=users&sort=${s}&dir=asc`,
    `/admin?tab=users&sort=${s}&dir=desc&page=100`,
  ]),
  "/admin?tab=users&q=bench_user_77",
  "/admin?tab=users&q=example&role=user&status=approved&sort=email&dir=asc&page=50",
  "/admin?tab=posts",
  "/admin?tab=posts&page=150",
  ...["title", "author", "type", "status", "published"].flatMap((s) => [
    `/admin?tab=posts&sort=${s}&dir=asc`,
    `/admin?tab=posts&sort=${s}&dir=desc&page=100`,
  ]),
  "/admin?tab=posts&status=published&page=100",
  "/admin?tab=posts&status=scheduled",
  "/admin?tab=posts&status=draft&sort=title&dir=asc",
  "/admin?tab=posts&category=guides&sort=published&dir=desc&page=20",
  "/admin?tab=posts&q=hiring",
  "/admin?tab=posts&q=bench_user_1&sort=title&dir=asc",
];

async function createDatabase() {
  if (!SERVER_URL) throw new Error("set BENCH_DATABASE_URL: the admin bench runs on PostgreSQL");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "founderbridge-bench-admin-"));
  const name = `fb_bench_admin_${process.pid}_${randomBytes(3).toString("hex")}`;
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

/** Demo content, ROWS members (a mix of roles and statuses) and ROWS posts by them. */
async function seed(database: { url: string; dataDir: string }) {
  const started = performance.now();
  const handle = await openDatabase({ url: database.url, poolSize: 2 });
  await migrateDatabase(handle);
  await ensureReservedRows(handle.db);
  const demo = await seedDemo(handle.db, createStorage({ dataDir: database.dataDir }), {});
  const admin = demo.accounts.find((a) => a.role === "admin" && a.status === "approved");
  if (!admin) throw new Error("no demo admin to sign in as");
  // The bench signs the demo admin in with the password alone (docs/decisions/0140).
  await handle.db.execute(sql`UPDATE site_settings SET require_admin_two_factor = false`);
  await handle.db.execute(sql`
    INSERT INTO users (id, name, email, username, email_verified)
    SELECT 'bench-' || i, 'Bench ' || i, 'bench' || i || '@example.com', 'bench_user_' || i, true
    FROM generate_series(1, ${ROWS}) AS i`);
  await handle.db.execute(sql`
    INSERT INTO profiles (id, email, username, full_name, role, status, created_at)
    SELECT 'bench-' || i, 'bench' || i || '@example.com', 'bench_user_' || i, 'Bench Member ' || i,
           (ARRAY['user', 'user', 'user', 'mentor'])[1 + i % 4]::role,
           (ARRAY['approved', 'approved', 'pending', 'blocked'])[1 + (i / 4) % 4]::account_status,
           now() - make_interval(mins => i * 13)
    FROM generate_series(1, ${ROWS}) AS i`);
  await handle.db.execute(sql`
    INSERT INTO posts (title, slug, content, excerpt, category_id, author_id, status, published_at,
                       post_type, external_url, created_at)
    SELECT
      'Bench note ' || i || ': ' || (ARRAY['visa', 'hiring', 'banking', 'tax', 'sales'])[1 + i % 5],
      'bench-note-' || i,
      '<p>Founders compare what worked.</p>',
      'Case ' || i || '.',
      (SELECT id FROM categories ORDER BY slug OFFSET (i % 7) LIMIT 1),
      'bench-' || (1 + (i * 37) % ${ROWS}),
      (ARRAY['published', 'published', 'published', 'draft', 'pending'])[1 + i % 5]::post_status,
      CASE WHEN i % 5 < 3 THEN now() + make_interval(mins => 60 * 24 - i * 7) END,
      (CASE WHEN i % 9 = 0 THEN 'external_link' ELSE 'blog' END)::post_type,
      CASE WHEN i % 9 = 0 THEN 'https://example.com/' || i END,
      now() - make_interval(mins => i * 7)
    FROM generate_series(1, ${ROWS}) AS i`);
  // As autovacuum would have by then on a live site: statistics, and the visibility map
  // that lets an index-only scan skip the table (the author sort's deep pages).
  await handle.db.execute(sql`VACUUM ANALYZE`);
  await handle.close();
  console.log(
    `Seeded ${ROWS} members and ${ROWS} posts (+ demo content) in ${Math.round(performance.now() - started)} ms`,
  );
  return admin;
}

async function signIn(account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${BASE}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: account.email, password: account.password }).toString(),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  if (!/session_token=/.test(cookie)) throw new Error(`sign-in failed (${res.status})`);
  return cookie;
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start");
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The list functions alone on the same database: each address's queries, without HTTP or rendering. */
async function timeQueries(url: string, adminEmail: string) {
  const handle = await openDatabase({ url, poolSize: 2 });
  const [found] = await handle.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, adminEmail));
  const actor = { id: found!.id, role: "admin", status: "approved" } as const;
  // The same functions on a drizzle that records each statement, to EXPLAIN ANALYZE them:
  // the server's own time for each page's count and rows (no driver, no network, and less
  // noise than wall-clock time on a shared machine).
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const logged: { query: string; params: unknown[] }[] = [];
  const recorder = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => void logged.push({ query, params }) },
  }) as unknown as Database;
  console.log(
    `\n${"queries only".padEnd(82)}      p50     p95     max   EXPLAIN ANALYZE ms (median of 5)`,
  );
  let worst = 0;
  let worstPlan = 0;
  for (const page of PAGES) {
    const q = new URL(page, BASE).searchParams;
    const options = {
      query: q.get("q") ?? undefined,
      page: Number(q.get("page") ?? 1),
      dir: (q.get("dir") as "asc" | "desc" | null) ?? undefined,
    };
    const run = (db: Database = handle.db) =>
      q.get("tab") === "users"
        ? listUsers(db, actor, {
            ...options,
            sort: (q.get("sort") as UserSort | null) ?? undefined,
            role: (q.get("role") as "user" | null) ?? null,
            status: (q.get("status") as "approved" | null) ?? null,
          })
        : listAdminPosts(db, actor, {
            ...options,
            sort: (q.get("sort") as PostSort | null) ?? undefined,
            status: (q.get("status") as PostFilterStatus | null) ?? null,
            category: q.get("category"),
          });
    const times: number[] = [];
    for (let i = 0; i <= REPEAT; i++) {
      const started = performance.now();
      await run();
      if (i > 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const [p50, p95, max] = [percentile(times, 50), percentile(times, 95), times.at(-1)!];
    worst = Math.max(worst, p95);
    logged.length = 0;
    await run(recorder);
    const plans: number[] = [];
    for (const { query, params } of logged) {
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const { rows } = await pool.query<{ "QUERY PLAN": [{ "Execution Time": number }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${query}`,
          params,
        );
        runs.push(rows[0]!["QUERY PLAN"][0]["Execution Time"]);
      }
      plans.push(runs.sort((a, b) => a - b)[2]!);
    }
    const planned = plans.reduce((a, b) => a + b, 0);
    worstPlan = Math.max(worstPlan, planned);
    console.log(
      `${page.padEnd(82)}      ${p50.toFixed(1).padStart(6)}  ${p95.toFixed(1).padStart(6)}  ${max.toFixed(1).padStart(6)}   ${planned.toFixed(1).padStart(6)} (${plans.map((t) => t.toFixed(1)).join(" + ")})`,
    );
  }
  console.log(`\nSlowest queries p95: ${worst.toFixed(1)} ms`);
  console.log(`Slowest page's statements by EXPLAIN ANALYZE: ${worstPlan.toFixed(1)} ms`);
  await pool.end();
  await handle.close();
}

async function main() {
  const database = await createDatabase();
  let server: ReturnType<typeof spawn> | undefined;
  try {
    const admin = await seed(database);
    server = spawn(process.execPath, ["server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(PORT),
        SITE_URL: BASE,
        DATA_DIR: database.dataDir,
        DEMO_CONTENT: "false",
        DATABASE_URL: database.url,
        BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitForHealth();
    const cookie = await signIn(admin);
    console.log(
      `\nLoad average before: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
    console.log(
      `\n${"page".padEnd(82)} rows shown      p50     p95     max    KB  (budget < ${BUDGET_MS} ms)`,
    );
    let worst = 0;
    for (const page of PAGES) {
      const times: number[] = [];
      let showing = "";
      let bytes = 0;
      for (let i = 0; i <= REPEAT; i++) {
        const started = performance.now();
        const res = await fetch(BASE + page, { headers: { cookie } });
        const html = await res.text();
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
        bytes = Buffer.byteLength(html);
        showing = /Showing [0-9]+ to [0-9]+ of [0-9]+/.exec(html)?.[0] ?? "?";
        if (i > 0) times.push(ms); // the first is the warm-up
      }
      times.sort((a, b) => a - b);
      const [p50, p95, max] = [percentile(times, 50), percentile(times, 95), times.at(-1)!];
      worst = Math.max(worst, p95);
      console.log(
        `${page.padEnd(82)} ${showing.replace("Showing ", "").padEnd(16)}${p50.toFixed(1).padStart(6)}  ${p95.toFixed(1).padStart(6)}  ${max.toFixed(1).padStart(6)}${(bytes / 1024).toFixed(0).padStart(6)}${p95 < BUDGET_MS ? "" : "  OVER"}`,
      );
    }
    console.log(`\nSlowest p95: ${worst.toFixed(1)} ms (budget < ${BUDGET_MS} ms)`);
    await timeQueries(database.url, admin.email);
    console.log(
      `Load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
  } finally {
    server?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (process.env.BENCH_ADMIN_KEEP === "1") console.log(`Kept ${database.url}`);
    else await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
