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
 * Every request sends a browser's Accept-Encoding ("gzip, deflate, br, zstd",
 * so brotli where the server offers it) unless the line says gzip. Each line
 * prints the CPU the server spent per request (its user + system time over
 * the line, from /proc), the most memory (RSS) it held during the line, and
 * the budget of DESIGN.md it answers to. RSS is sampled twice a second
 * through the whole run; the last lines give the peak, the idle figure after
 * start-up, and a mixed load of BENCH_MIXED_SECONDS (600 unless set; 0 skips
 * it) with its RSS at the start, the end and the peak.
 *
 * What each line measures (50 connections and 15 s unless BENCH_CONNECTIONS
 * and BENCH_SECONDS say otherwise):
 * - home, category: one address each, so the page cache answers nearly all;
 *   "page 50" the same for the archives' 50th page (docs/milestones.md#issue-21-reach).
 * - article (500 posts): rotates over 500 different articles, each fetched
 *   once before (as readers would have): page-cache hits, with the nonce and
 *   gzip work of each hit.
 * - article (uncached): every request has a unique unknown query parameter,
 *   which the page cache never serves: every request renders (with brotli,
 *   and again with gzip only).
 * - article / home, member: a signed-in demo member (session cookie), served
 *   the members' shared page from the cache (decision 0154), articles warmed
 *   as for readers; "member's parts" is the one private request each of
 *   their page views makes (/api/viewer: avatar menu, bell, saved state).
 * - article, a post saved every 5 s: the cached article line while one of the
 *   500 posts is updated every 5 s (PostgreSQL only: the bench cannot write
 *   into the server's embedded PGlite), with its share of the line without.
 * - search (uncached, 1 connection): one search at a time over 30 varied
 *   queries, past the page cache: the latency of a search (the budget).
 *   Identical searches share one result for a minute (decision 0161), so
 *   this measures the site as it runs; SEARCH_CACHE=false (passed to the
 *   server) makes every search run, for the cost of a search itself.
 * - search (uncached): the same queries at full concurrency.
 * - search (cached): the same 30 queries without busting: repeats are hits.
 *
 * BENCH_ONLY (a regular expression) runs only the lines whose name matches it,
 * and skips the per-query and archive tables; BENCH_PORT moves the server
 * (3900 unless set), so that two benches on one machine do not meet.
 *
 * Needs `npm run build` first (the npm script does it).
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 600);
/** BENCH_ONLY="member" runs only the lines whose name matches (a regular expression, any case). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : undefined;
const ARTICLES = 500;
/** What Chromium sends. */
const BROWSER_ENCODING = "gzip, deflate, br, zstd";

/** DESIGN.md's budgets, printed beside each line. */
const BUDGET = {
  cached: "≥ 3,000 req/s, p99 < 50 ms",
  member: "≥ 1,000 req/s, p99 < 100 ms",
  renderedBr: "≥ 300 req/s (brotli)",
  renderedGzip: "≥ 400 req/s (gzip)",
  writes: "≥ 90 % of the line without writes",
  search1: "p95 < 30 ms",
  search50: "p99 < 250 ms",
  js: "JS < 130 KB gzip",
  memory: "peak RSS < 400 MiB",
} as const;

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

async function seed(database: Database): Promise<{ email: string; password: string }> {
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

/** Signs the demo member in through the sign-in form; the session cookie for the member lines. */
async function signIn(member: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${BASE}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(member).toString(),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  if (!/session_token=/.test(cookie)) throw new Error(`sign-in failed (${res.status})`);
  return cookie;
}

/** The server process's CPU seconds so far (user + system) and its resident memory in MiB. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Samples the server's RSS twice a second: the peak of the whole run and of the current line. */
function memorySampler(pid: number) {
  let peak = 0;
  let linePeak = 0;
  const sample = () => {
    try {
      const now = rssMiB(pid);
      peak = Math.max(peak, now);
      linePeak = Math.max(linePeak, now);
    } catch {
      // the server has exited
    }
  };
  sample();
  const timer = setInterval(sample, 500);
  timer.unref();
  return {
    get peak() {
      return peak;
    },
    /** The peak since the last call. */
    takeLinePeak() {
      sample();
      const value = linePeak;
      linePeak = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

let serverPid = 0;
let memory: ReturnType<typeof memorySampler> | undefined;

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

/** The page's HTML (raw bytes) and the gzipped bytes of every script it loads (module scripts and modulepreloads). */
async function pageWeight(pagePath: string): Promise<{ html: number; js: number }> {
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
  return { html: Buffer.byteLength(html), js: total };
}

/** The line's "HTML KB" (raw) and "JS gzip KB" columns, for a line that names a page. */
async function weightColumns(pagePath: string | undefined) {
  if (!pagePath) return { "HTML KB": "", "JS gzip KB": "" };
  const { html, js } = await pageWeight(pagePath);
  return { "HTML KB": Math.round(html / 102.4) / 10, "JS gzip KB": Math.round(js / 102.4) / 10 };
}

/** Fetches each address once, 10 at a time (fills the page cache; a member's with the cookie). */
async function warm(paths: string[], cookie?: string) {
  const queue = [...paths];
  const headers = cookie ? { cookie } : undefined;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        await (await fetch(BASE + path, { headers })).arrayBuffer();
      }
    }),
  );
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type Row = Record<string, string | number>;

/** Runs autocannon over the paths (taken in turn) and summarises what it saw. */
async function run(
  name: string,
  paths: (i: number) => string,
  options: {
    connections?: number;
    jsPath?: string;
    budget?: string;
    cookie?: string;
    encoding?: string;
    seconds?: number;
    /** Work beside the load (the writes), stopped when the line ends. */
    during?: () => () => void;
  } = {},
): Promise<Row | undefined> {
  if (ONLY && !ONLY.test(name)) return undefined;
  // Requests the last line left in flight finish first.
  await new Promise((r) => setTimeout(r, 3000));
  const headers: Record<string, string> = {
    "accept-encoding": options.encoding ?? BROWSER_ENCODING,
    ...(options.cookie ? { cookie: options.cookie } : {}),
  };
  const first = await fetch(BASE + paths(0), { headers });
  if (!first.ok) throw new Error(`${paths(0)} answered ${first.status}`);
  await first.arrayBuffer();
  memory?.takeLinePeak();
  const cpuBefore = cpuSeconds(serverPid);
  const stopDuring = options.during?.();
  let next = 0;
  const cache = { hit: 0, miss: 0, none: 0 };
  const latencies: number[] = [];
  const instance = autocannon({
    url: BASE,
    connections: options.connections ?? CONNECTIONS,
    duration: options.seconds ?? SECONDS,
    headers,
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
  stopDuring?.();
  const cpu = cpuSeconds(serverPid) - cpuBefore;
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
    "CPU ms/req": Math.round((cpu * 1000 * 100) / Math.max(1, latencies.length)) / 100,
    "RSS MiB": Math.round(memory?.takeLinePeak() ?? NaN),
    ...(await weightColumns(options.jsPath)),
    budget: options.budget ?? "",
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

/** Updates one of the rotated posts every 5 s, as an editor saving would (PostgreSQL only). */
function savesEvery5s(url: string, postSlug: string) {
  const client = new pg.Client({ connectionString: url });
  let n = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const ready = client.connect();
  /** The save under way: the connection ends after it, not in its middle. */
  let last: Promise<unknown> = ready;
  const save = () => {
    last = ready
      .then(() =>
        client.query("UPDATE posts SET title = $1 WHERE slug = $2", [
          `Bench note saved ${++n}`,
          postSlug,
        ]),
      )
      .catch((error: unknown) => console.error("save failed", error));
  };
  return () => {
    save();
    timer = setInterval(save, 5000);
    return () => {
      clearInterval(timer);
      void last.then(() => client.end());
    };
  };
}

async function main() {
  const loadBefore = loadAverage();
  const database = await createDatabase();
  let server: ReturnType<typeof startServer> | undefined;
  try {
    const member = await seed(database);
    server = startServer(database);
    serverPid = server.pid!;
    await waitForHealth();
    // Idle: started, nothing asked yet but the health check.
    await new Promise((r) => setTimeout(r, 2000));
    const idleRss = rssMiB(serverPid);
    memory = memorySampler(serverPid);
    const cookie = await signIn(member);
    const step = Math.max(1, Math.floor(POSTS / ARTICLES));
    const articles = Array.from(
      { length: Math.min(ARTICLES, POSTS) },
      (_, i) => `/post/bench-note-${i * step + 1}`,
    );
    const article = (i: number) => articles[i % articles.length]!;
    const search = (i: number) => `/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}`;
    const rows: Row[] = [];
    const push = (row: Row | undefined) => void (row && rows.push(row));
    push(await run("home", () => "/", { jsPath: "/", budget: BUDGET.cached }));
    push(await run("home, page 50", () => "/?page=50", { budget: BUDGET.cached }));
    push(
      await run("category, page 50", () => "/categories/guides?page=50", {
        budget: BUDGET.cached,
      }),
    );
    push(
      await run("category", () => "/categories/guides", {
        jsPath: "/categories/guides",
        budget: BUDGET.cached,
      }),
    );
    await warm(articles);
    const cached = await run(`article (${articles.length} posts)`, article, {
      jsPath: articles[0],
      budget: `${BUDGET.cached}; ${BUDGET.js}`,
    });
    push(cached);
    const writesLine = `article (${articles.length} posts), a save every 5 s`;
    // Its writer opens a connection at once: only when the line runs (BENCH_ONLY).
    if (database.url && (!ONLY || ONLY.test(writesLine))) {
      await warm(articles);
      const withWrites = await run(writesLine, article, {
        during: savesEvery5s(database.url, articles[0]!.slice("/post/".length)),
        budget: BUDGET.writes,
      });
      if (withWrites && cached) {
        const share = Math.round(
          (Number(withWrites["req/s"]) / Math.max(1, Number(cached["req/s"]))) * 100,
        );
        push({ ...withWrites, page: `${withWrites.page} (${share} % of no writes)` });
      } else push(withWrites);
    } else if (!database.url) {
      console.log("(The line with a save every 5 s needs BENCH_DATABASE_URL: PostgreSQL.)");
    }
    push(
      await run("article (uncached)", (i) => `${article(i)}?bench=${i}`, {
        budget: BUDGET.renderedBr,
      }),
    );
    push(
      await run("article (uncached, gzip)", (i) => `${article(i)}?bench=${i}`, {
        encoding: "gzip",
        budget: BUDGET.renderedGzip,
      }),
    );
    // Members are served the members' shared page (decision 0154), each article fetched once
    // before as for readers; their parts come from one private request per page (its own line).
    if (!ONLY || ONLY.test("member")) await warm(articles, cookie);
    push(
      await run(`article, member (${articles.length} posts)`, article, {
        cookie,
        jsPath: articles[0],
        budget: BUDGET.member,
      }),
    );
    push(await run("home, member", () => "/", { cookie, budget: BUDGET.member }));
    push(
      await run("member's parts (/api/viewer)", () => "/api/viewer", {
        cookie,
        budget: "private, per page view",
      }),
    );
    push(
      await run("search (uncached, 1 connection)", (i) => `${search(i)}&bench=${i}`, {
        connections: 1,
        jsPath: search(0),
        budget: BUDGET.search1,
      }),
    );
    push(
      await run("search (uncached)", (i) => `${search(i)}&bench=${i}`, {
        budget: BUDGET.search50,
      }),
    );
    push(
      await run(`search (${QUERIES.length} queries, cached)`, search, { budget: BUDGET.cached }),
    );
    let mixed = "";
    if (MIXED_SECONDS > 0 && (!ONLY || ONLY.test("mixed"))) {
      // Readers, members and searches together, as a site sees them.
      const start = rssMiB(serverPid);
      const line = await run(
        `mixed, ${MIXED_SECONDS} s`,
        (i) =>
          i % 10 === 9
            ? `${search(i)}&bench=m${i}`
            : i % 10 === 8
              ? "/"
              : i % 5 === 0
                ? `${article(i * 7)}?bench=m${i}`
                : article(i * 7),
        { seconds: MIXED_SECONDS, budget: "RSS flat" },
      );
      push(line);
      mixed = `Mixed load: RSS ${Math.round(start)} MiB at its start, ${Math.round(rssMiB(serverPid))} MiB at its end, ${line?.["RSS MiB"]} MiB at most.`;
    }
    console.log(
      `\n${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ` +
        `${POSTS} posts, ${CONNECTIONS} connections, ${SECONDS} s per line, ` +
        `${database.url ? "PostgreSQL" : "embedded PGlite"}, Accept-Encoding "${BROWSER_ENCODING}" ` +
        `unless "gzip"; load average ${loadBefore} before, ${loadAverage()} after; ` +
        `${new Date().toISOString()}`,
    );
    console.table(rows.filter(Boolean));
    console.log(
      `Server memory: idle after start ${Math.round(idleRss)} MiB; peak through the bench ` +
        `${Math.round(memory.peak)} MiB (budget: ${BUDGET.memory}). ${mixed}`,
    );
    if (ONLY) return;
    console.log("Uncached search, one at a time: median of 5 per query, slowest first");
    console.table(await searchLatencies());
    console.log("Archive pages, each rendered once (no page or list cache had it)");
    console.table(await archiveLatencies());
  } finally {
    memory?.stop();
    server?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1500));
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
