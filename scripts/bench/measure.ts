/**
 * The bench's measures (scripts/bench.ts): a line of load with autocannon
 * (requests/s, percentiles, page-cache hits, CPU and memory per line, the
 * page's weight), the one-at-a-time search and archive timings, and the
 * writer that saves a post every 5 s beside a line.
 */
import autocannon from "autocannon";
import os from "node:os";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { cpuSeconds, type MemorySampler } from "./server";
import { BASE, BROWSER_ENCODING, CONNECTIONS, ONLY, QUERIES, SECONDS } from "./settings";

/** The server under load: its process (for its CPU time) and its memory sampler. */
export type BenchServer = { pid: number; memory?: MemorySampler };

/** The page's HTML (raw bytes) and the gzipped bytes of every script it loads (module scripts and modulepreloads). */
export async function pageWeight(pagePath: string): Promise<{ html: number; js: number }> {
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
export async function weightColumns(pagePath: string | undefined) {
  if (!pagePath) return { "HTML KB": "", "JS gzip KB": "" };
  const { html, js } = await pageWeight(pagePath);
  return { "HTML KB": Math.round(html / 102.4) / 10, "JS gzip KB": Math.round(js / 102.4) / 10 };
}

/** Fetches each address once, 10 at a time (fills the page cache; a member's with the cookie). */
export async function warm(paths: string[], cookie?: string) {
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

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type Row = Record<string, string | number>;

/** Runs autocannon over the paths (taken in turn) and summarises what it saw. */
export async function run(
  server: BenchServer,
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
  server.memory?.takeLinePeak();
  const cpuBefore = cpuSeconds(server.pid);
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
  const cpu = cpuSeconds(server.pid) - cpuBefore;
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
    "RSS MiB": Math.round(server.memory?.takeLinePeak() ?? NaN),
    ...(await weightColumns(options.jsPath)),
    budget: options.budget ?? "",
  };
}

/** Each query alone, cache-busted, 5 times: its median and the page's result line. */
export async function searchLatencies() {
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
export async function archiveLatencies() {
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

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** Updates one of the rotated posts every 5 s, as an editor saving would (PostgreSQL only). */
export function savesEvery5s(url: string, postSlug: string) {
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
