/**
 * `npm run bench`: seeds 10,000 posts into a fresh database, starts the
 * production server on it and runs autocannon against the reader pages,
 * printing requests/s, p50, p95 and p99 for each, the share of responses the
 * page cache answered, and the gzipped JavaScript each page loads.
 *
 * The database is a fresh embedded PGlite, or with BENCH_DATABASE_URL (a
 * PostgreSQL server the bench may create databases on, e.g.
 * postgres://postgres@127.0.0.1:5432/postgres) a throwaway database created
 * there and dropped afterwards.
 *
 * What each line measures (50 connections and 15 s unless BENCH_CONNECTIONS
 * and BENCH_SECONDS say otherwise):
 * - home, category: one address each, so the page cache answers nearly all;
 *   "page 50" the same for the archives' 50th page (issue 21).
 * - article (500 posts): rotates over 500 different articles, each fetched
 *   once before (as readers would have): page-cache hits, with the nonce and
 *   gzip work of each hit.
 * - article (uncached): every request has a unique unknown query parameter,
 *   which the page cache never serves: every request renders.
 * - search (uncached, 1 connection): one search at a time over 30 varied
 *   queries, cache-busted: the latency of a search itself (the budget).
 * - search (uncached): the same queries at full concurrency.
 * - search (cached): the same 30 queries without busting: repeats are hits.
 *
 * Needs `npm run build` first (the npm script does it).
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { ensureReservedRows } from "../server/db/seed";
import { seedDemo } from "../server/db/seed-demo";
import { createStorage } from "../server/storage";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const BASE = `http://127.0.0.1:${PORT}`;
const ARTICLES = 500;

/** Varied searches: common words, phrases, rare and absent ones, one in every post's trigrams but in none. */
const QUERIES = [
  "visa",
  "hiring",
  "banking",
  "tax",
  "sales",
  "fundraising",
  "pricing",
  "founders",
  "london",
  "bengaluru",
  "india",
  "compare",
  "what worked",
  "next time",
  "case 4242",
  "note 777:",
  "bench note 9",
  "learned about tax",
  "between london and bengaluru",
  "bengaluru compare",
  "series a",
  "mentor",
  "startup",
  "no such phrase here",
  "r&d",
  "pune",
  "growth",
  "market",
  "visa between",
  "uk",
];

type Database = { url?: string; dataDir: string; drop(): Promise<void> };

async function createDatabase(): Promise<Database> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "founderbridge-bench-"));
  if (!SERVER_URL) {
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
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

async function seed(database: Database) {
  const started = performance.now();
  const handle: DatabaseHandle = database.url
    ? await openDatabase({ url: database.url, poolSize: 2 })
    : await openDatabase({ dir: path.join(database.dataDir, "pglite") });
  await migrateDatabase(handle);
  await ensureReservedRows(handle.db);
  await seedDemo(handle.db, createStorage({ dataDir: database.dataDir }), {});
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

function startServer(database: Database) {
  return spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      SITE_URL: BASE,
      DATA_DIR: database.dataDir,
      DEMO_CONTENT: "false",
      DATABASE_URL: database.url ?? "",
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
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

/** Fetches each address once, 10 at a time (fills the page cache). */
async function warm(paths: string[]) {
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        await (await fetch(BASE + path)).arrayBuffer();
      }
    }),
  );
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs autocannon over the paths (taken in turn) and summarises what it saw. */
async function run(
  name: string,
  paths: (i: number) => string,
  options: { connections?: number; jsPath?: string } = {},
) {
  // Requests the last line left in flight finish first.
  await new Promise((r) => setTimeout(r, 3000));
  const first = await fetch(BASE + paths(0));
  if (!first.ok) throw new Error(`${paths(0)} answered ${first.status}`);
  await first.arrayBuffer();
  let next = 0;
  const cache = { hit: 0, miss: 0, none: 0 };
  const latencies: number[] = [];
  const instance = autocannon({
    url: BASE,
    connections: options.connections ?? CONNECTIONS,
    duration: SECONDS,
    headers: { "accept-encoding": "gzip" },
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: paths(next++) }),
        onResponse: (_status, _body, _context, headers) => {
          const state = Object.entries(headers).find(
            ([name]) => name.toLowerCase() === "x-page-cache",
          )?.[1];
          if (state === "hit") cache.hit += 1;
          else if (state === "miss") cache.miss += 1;
          else cache.none += 1;
        },
      },
    ],
  });
  instance.on("response", (_client, _status, _bytes, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const total = cache.hit + cache.miss + cache.none || 1;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    page: name,
    "req/s": Math.round(result.requests.average),
    "p50 ms": round(percentile(latencies, 50)),
    "p95 ms": round(percentile(latencies, 95)),
    "p99 ms": round(percentile(latencies, 99)),
    "cache hits": `${Math.round((cache.hit / total) * 100)} %`,
    errors: result.errors + result.non2xx,
    "JS gzip KB": options.jsPath
      ? Math.round((await javascriptBytes(options.jsPath)) / 102.4) / 10
      : "",
  };
}

/** Each query alone, cache-busted, 5 times: its median and the page's result line. */
async function searchLatencies() {
  const rows = [];
  let n = 0;
  for (const query of QUERIES) {
    const times: number[] = [];
    let summary = "";
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const html = await (
        await fetch(`${BASE}/search?q=${encodeURIComponent(query)}&bench=s${n++}`)
      ).text();
      times.push(performance.now() - started);
      summary = /(No results found|More than [\d,]+ results|\d+ results?)/.exec(html)?.[1] ?? "";
    }
    times.sort((a, b) => a - b);
    rows.push({ query, "median ms": Math.round(times[2]! * 10) / 10, results: summary });
  }
  return rows.sort((a, b) => b["median ms"] - a["median ms"]);
}

/**
 * Archive pages fetched once each, one at a time: neither the page cache nor
 * the list cache has seen them, so each renders and reads the database.
 */
async function archiveLatencies() {
  const rows = [];
  for (const base of ["/", "/categories/guides"]) {
    for (const page of [2, 10, 50, 80]) {
      const address = `${base}?page=${page}`;
      const started = performance.now();
      const res = await fetch(`${BASE}${address}&bench=a`);
      await res.arrayBuffer();
      const ms = Math.round((performance.now() - started) * 10) / 10;
      rows.push({ page: address, status: res.status, ms });
    }
  }
  return rows;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function main() {
  const loadBefore = loadAverage();
  const database = await createDatabase();
  let server: ReturnType<typeof startServer> | undefined;
  try {
    await seed(database);
    server = startServer(database);
    await waitForHealth();
    const step = Math.max(1, Math.floor(POSTS / ARTICLES));
    const articles = Array.from(
      { length: Math.min(ARTICLES, POSTS) },
      (_, i) => `/post/bench-note-${i * step + 1}`,
    );
    const search = (i: number) => `/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}`;
    const rows = [];
    rows.push(await run("home", () => "/", { jsPath: "/" }));
    rows.push(await run("category", () => "/categories/guides", { jsPath: "/categories/guides" }));
    rows.push(await run("home, page 50", () => "/?page=50"));
    rows.push(await run("category, page 50", () => "/categories/guides?page=50"));
    await warm(articles);
    rows.push(
      await run(`article (${articles.length} posts)`, (i) => articles[i % articles.length]!, {
        jsPath: articles[0],
      }),
    );
    rows.push(
      await run("article (uncached)", (i) => `${articles[i % articles.length]}?bench=${i}`),
    );
    rows.push(
      await run("search (uncached, 1 connection)", (i) => `${search(i)}&bench=${i}`, {
        connections: 1,
        jsPath: search(0),
      }),
    );
    rows.push(await run("search (uncached)", (i) => `${search(i)}&bench=${i}`));
    rows.push(await run(`search (${QUERIES.length} queries, cached)`, search));
    console.log(
      `\n${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ` +
        `${POSTS} posts, ${CONNECTIONS} connections, ${SECONDS} s per line, ` +
        `${database.url ? "PostgreSQL" : "embedded PGlite"}; load average ${loadBefore} before, ` +
        `${loadAverage()} after; ${new Date().toISOString()}`,
    );
    console.table(rows);
    console.log("Uncached search, one at a time: median of 5 per query, slowest first");
    console.table(await searchLatencies());
    console.log("Archive pages, each rendered once (no page or list cache had it)");
    console.table(await archiveLatencies());
  } finally {
    server?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1500));
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
