import express from "express";
import pino from "pino";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_LOGS_PER_MINUTE, clientLogsRouter } from "./client-logs";
import { listenOnLoopback } from "#tests/support/http-test-server";

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
    done();
  },
});
let server: Awaited<ReturnType<typeof listenOnLoopback>>;

beforeAll(async () => {
  const app = express();
  app.use(clientLogsRouter(pino({ level: "info" }, sink)));
  server = await listenOnLoopback(app);
});
afterAll(() => server.close());

const entry = {
  level: "error",
  message: "TypeError: x is undefined",
  timestamp: "2026-11-22T10:00:00.000Z",
  context: { url: "/post/hello" },
};
const post = (body: string, type = "application/json") =>
  fetch(`${server.url}/api/logs`, { method: "POST", headers: { "content-type": type }, body });

describe("POST /api/logs", () => {
  it("writes a valid entry to the server log", async () => {
    const res = await post(JSON.stringify(entry));
    expect(res.status).toBe(204);
    const line = lines.find((l) => l.msg === entry.message);
    expect(line).toMatchObject({ level: 50, source: "browser", context: { url: "/post/hello" } });
  });

  it("rejects entries that are not error or warn, or malformed", async () => {
    expect((await post(JSON.stringify({ ...entry, level: "info" }))).status).toBe(400);
    expect((await post(JSON.stringify({ ...entry, timestamp: "yesterday" }))).status).toBe(400);
    expect((await post(JSON.stringify({ level: "warn" }))).status).toBe(400);
    expect((await post("{not json")).status).toBe(400);
  });

  it("refuses bodies over 8 KB", async () => {
    const res = await post(JSON.stringify({ ...entry, context: { blob: "x".repeat(9000) } }));
    expect(res.status).toBe(413);
  });

  it("limits the rate per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_LOGS_PER_MINUTE + 2; i++) {
      statuses.push((await post(JSON.stringify(entry))).status);
    }
    expect(statuses).toContain(429);
  });
});
