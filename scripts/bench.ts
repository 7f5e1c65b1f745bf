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
import os from "node:os";
import { createDatabase, seed, type BenchDatabase } from "./bench/database";
import {
  archiveLatencies,
  loadAverage,
  run,
  savesEvery5s,
  searchLatencies,
  warm,
  type BenchServer,
  type Row,
} from "./bench/measure";
import {
  memorySampler,
  rssMiB,
  signIn,
  startServer,
  waitForHealth,
  type MemorySampler,
} from "./bench/server";
import {
  ARTICLES,
  BROWSER_ENCODING,
  BUDGET,
  CONNECTIONS,
  MIXED_SECONDS,
  ONLY,
  POSTS,
  QUERIES,
  SECONDS,
} from "./bench/settings";

/** What every line needs: the server, the member's cookie, the rotated articles, the rows so far. */
type Bench = {
  server: BenchServer;
  database: BenchDatabase;
  cookie: string;
  articles: string[];
  rows: Row[];
};

const push = (bench: Bench, row: Row | undefined) => void (row && bench.rows.push(row));
const articleOf = (bench: Bench) => (i: number) => bench.articles[i % bench.articles.length]!;
const search = (i: number) => `/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}`;

async function main() {
  const loadBefore = loadAverage();
  const database = await createDatabase();
  let server: ReturnType<typeof startServer> | undefined;
  let memory: MemorySampler | undefined;
  try {
    const member = await seed(database);
    server = startServer(database);
    const pid = server.pid!;
    await waitForHealth();
    // Idle: started, nothing asked yet but the health check.
    await new Promise((r) => setTimeout(r, 2000));
    const idleRss = rssMiB(pid);
    memory = memorySampler(pid);
    const cookie = await signIn(member);
    const step = Math.max(1, Math.floor(POSTS / ARTICLES));
    const articles = Array.from(
      { length: Math.min(ARTICLES, POSTS) },
      (_, i) => `/post/bench-note-${i * step + 1}`,
    );
    const bench: Bench = { server: { pid, memory }, database, cookie, articles, rows: [] };
    await readerLines(bench);
    await memberLines(bench);
    await searchLines(bench);
    const mixed = await mixedLine(bench);
    console.log(
      `\n${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ` +
        `${POSTS} posts, ${CONNECTIONS} connections, ${SECONDS} s per line, ` +
        `${database.url ? "PostgreSQL" : "embedded PGlite"}, Accept-Encoding "${BROWSER_ENCODING}" ` +
        `unless "gzip"; load average ${loadBefore} before, ${loadAverage()} after; ` +
        `${new Date().toISOString()}`,
    );
    console.table(bench.rows.filter(Boolean));
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

/** Readers: home and category (and their 50th pages), articles cached, saved meanwhile, uncached. */
async function readerLines(bench: Bench) {
  const { server, articles, database } = bench;
  const article = articleOf(bench);
  push(bench, await run(server, "home", () => "/", { jsPath: "/", budget: BUDGET.cached }));
  push(bench, await run(server, "home, page 50", () => "/?page=50", { budget: BUDGET.cached }));
  push(
    bench,
    await run(server, "category, page 50", () => "/categories/guides?page=50", {
      budget: BUDGET.cached,
    }),
  );
  push(
    bench,
    await run(server, "category", () => "/categories/guides", {
      jsPath: "/categories/guides",
      budget: BUDGET.cached,
    }),
  );
  await warm(articles);
  const cached = await run(server, `article (${articles.length} posts)`, article, {
    jsPath: articles[0],
    budget: `${BUDGET.cached}; ${BUDGET.js}`,
  });
  push(bench, cached);
  const writesLine = `article (${articles.length} posts), a save every 5 s`;
  // Its writer opens a connection at once: only when the line runs (BENCH_ONLY).
  if (database.url && (!ONLY || ONLY.test(writesLine))) {
    await warm(articles);
    const withWrites = await run(server, writesLine, article, {
      during: savesEvery5s(database.url, articles[0]!.slice("/post/".length)),
      budget: BUDGET.writes,
    });
    if (withWrites && cached) {
      const share = Math.round(
        (Number(withWrites["req/s"]) / Math.max(1, Number(cached["req/s"]))) * 100,
      );
      push(bench, { ...withWrites, page: `${withWrites.page} (${share} % of no writes)` });
    } else push(bench, withWrites);
  } else if (!database.url) {
    console.log("(The line with a save every 5 s needs BENCH_DATABASE_URL: PostgreSQL.)");
  }
  push(
    bench,
    await run(server, "article (uncached)", (i) => `${article(i)}?bench=${i}`, {
      budget: BUDGET.renderedBr,
    }),
  );
  push(
    bench,
    await run(server, "article (uncached, gzip)", (i) => `${article(i)}?bench=${i}`, {
      encoding: "gzip",
      budget: BUDGET.renderedGzip,
    }),
  );
}

/**
 * Members are served the members' shared page (decision 0154), each article fetched once
 * before as for readers; their parts come from one private request per page (its own line).
 */
async function memberLines(bench: Bench) {
  const { server, articles, cookie } = bench;
  if (!ONLY || ONLY.test("member")) await warm(articles, cookie);
  push(
    bench,
    await run(server, `article, member (${articles.length} posts)`, articleOf(bench), {
      cookie,
      jsPath: articles[0],
      budget: BUDGET.member,
    }),
  );
  push(bench, await run(server, "home, member", () => "/", { cookie, budget: BUDGET.member }));
  push(
    bench,
    await run(server, "member's parts (/api/viewer)", () => "/api/viewer", {
      cookie,
      budget: "private, per page view",
    }),
  );
}

/** Searches: one at a time past the page cache, at full concurrency, then cached. */
async function searchLines(bench: Bench) {
  const { server } = bench;
  push(
    bench,
    await run(server, "search (uncached, 1 connection)", (i) => `${search(i)}&bench=${i}`, {
      connections: 1,
      jsPath: search(0),
      budget: BUDGET.search1,
    }),
  );
  push(
    bench,
    await run(server, "search (uncached)", (i) => `${search(i)}&bench=${i}`, {
      budget: BUDGET.search50,
    }),
  );
  push(
    bench,
    await run(server, `search (${QUERIES.length} queries, cached)`, search, {
      budget: BUDGET.cached,
    }),
  );
}

/** Readers, members and searches together, as a site sees them; the line's RSS, start to end. */
async function mixedLine(bench: Bench): Promise<string> {
  if (!(MIXED_SECONDS > 0 && (!ONLY || ONLY.test("mixed")))) return "";
  const { server } = bench;
  const article = articleOf(bench);
  const start = rssMiB(server.pid);
  const line = await run(
    server,
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
  push(bench, line);
  return `Mixed load: RSS ${Math.round(start)} MiB at its start, ${Math.round(rssMiB(server.pid))} MiB at its end, ${line?.["RSS MiB"]} MiB at most.`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
