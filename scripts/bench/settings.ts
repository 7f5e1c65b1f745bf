/**
 * The bench's settings (scripts/bench.ts): what the environment says, the
 * budgets of DESIGN.md each line answers to, and the searches it runs.
 */
export const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
export const PORT = Number(process.env.BENCH_PORT ?? 3900);
export const SERVER_URL = process.env.BENCH_DATABASE_URL;
export const BASE = `http://127.0.0.1:${PORT}`;
export const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 600);
/** BENCH_ONLY="member" runs only the lines whose name matches (a regular expression, any case). */
export const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : undefined;
export const ARTICLES = 500;
/** What Chromium sends. */
export const BROWSER_ENCODING = "gzip, deflate, br, zstd";

/** DESIGN.md's budgets, printed beside each line. */
export const BUDGET = {
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
export const QUERIES = [
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
