/**
 * `npm run bench`: seeds 10,000 posts into a fresh embedded database, starts
 * the production server on it, runs autocannon (50 connections, 15 s each;
 * BENCH_CONNECTIONS and BENCH_SECONDS override) against the home page, a
 * category page, an article page and a search, and prints requests/s, p50
 * and p99 for each, plus the gzipped JavaScript each page loads.
 *
 * Needs `npm run build` first (the npm script does it).
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { ensureReservedRows } from "../server/db/seed";
import { seedDemo } from "../server/db/seed-demo";
import { createStorage } from "../server/storage";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const BASE = `http://127.0.0.1:${PORT}`;

async function seed(dataDir: string) {
  const started = performance.now();
  const handle = await openDatabase({ dir: path.join(dataDir, "pglite") });
  await migrateDatabase(handle);
  await ensureReservedRows(handle.db);
  await seedDemo(handle.db, createStorage({ dataDir }), {});
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
}

function startServer(dataDir: string) {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      SITE_URL: BASE,
      DATA_DIR: dataDir,
      DEMO_CONTENT: "false",
      DATABASE_URL: "",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
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

/** Gzipped bytes of every script the page loads (module scripts and modulepreloads). */
async function javascriptBytes(pagePath: string): Promise<number> {
  const html = await (await fetch(BASE + pagePath)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g))
    srcs.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) srcs.add(m[1]!);
  let total = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, BASE))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

async function run(name: string, pagePath: string) {
  const first = await fetch(BASE + pagePath);
  if (!first.ok) throw new Error(`${pagePath} answered ${first.status}`);
  const result = await autocannon({
    url: BASE + pagePath,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { "accept-encoding": "gzip" },
  });
  return {
    page: name,
    path: pagePath,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    errors: result.errors + result.non2xx,
    "JS gzip KB": Math.round((await javascriptBytes(pagePath)) / 102.4) / 10,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "founderbridge-bench-"));
  let server: ReturnType<typeof startServer> | undefined;
  try {
    await seed(dataDir);
    server = startServer(dataDir);
    await waitForHealth();
    const article = (await (await fetch(`${BASE}/api/posts/next?after=bench-note-1`)).json()) as {
      view: { post: { slug: string } } | null;
    };
    const rows = [];
    rows.push(await run("home", "/"));
    rows.push(await run("category", "/categories/guides"));
    rows.push(await run("article", `/post/${article.view?.post.slug ?? "bench-note-2"}`));
    rows.push(await run("search", "/search?q=bengaluru%20compare"));
    console.log(
      `\n${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ` +
        `${POSTS} posts, ${CONNECTIONS} connections, ${SECONDS} s per page, embedded PGlite`,
    );
    console.table(rows);
  } finally {
    server?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
