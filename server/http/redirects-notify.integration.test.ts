/**
 * The redirect middleware's in-process copy follows the table on every
 * instance: a change made elsewhere (another instance, psql) reaches this one
 * through the table's NOTIFY cache_invalidate 'redirects' (migration 0006).
 */
import express from "express";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenForInvalidations } from "#server/cache/cache";
import { urlRedirects } from "#server/db/schema";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { listenOnLoopback } from "#tests/support/http-test-server";
import { loadRedirects, redirectsMiddleware } from "./redirects";

const t = testDatabaseForThisFile({ resetBetweenTests: false });
let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let stopListening: () => Promise<void>;
let loads = 0;

beforeAll(async () => {
  stopListening = await listenForInvalidations(t.handle);
  const app = express();
  app.use(
    redirectsMiddleware({
      load: () => {
        loads += 1;
        return loadRedirects(t.db);
      },
    }),
  );
  app.use((_req, res) => void res.status(404).send("page"));
  server = await listenOnLoopback(app);
});
afterAll(async () => {
  await server?.close();
  await stopListening?.();
});

const answer = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return [res.status, res.headers.get("location")];
};

async function eventually(path: string, expected: unknown[]) {
  const until = Date.now() + 3000;
  for (;;) {
    const got = await answer(path);
    if (JSON.stringify(got) === JSON.stringify(expected) || Date.now() > until) {
      expect(got).toEqual(expected);
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("the redirects cache", () => {
  it("reads the table once, then again after each insert, update and delete made elsewhere", async () => {
    expect(await answer("/old")).toEqual([404, null]);
    expect(await answer("/other")).toEqual([404, null]);
    expect(loads).toBe(1);

    await t.db.insert(urlRedirects).values({ fromPath: "/old", toPath: "/new", statusCode: 308 });
    await eventually("/old?a=1", [308, "/new?a=1"]);
    const before = loads;
    await answer("/old");
    await answer("/nothing-here");
    expect(loads).toBe(before);

    await t.db
      .update(urlRedirects)
      .set({ toPath: "/newer", statusCode: 302 })
      .where(eq(urlRedirects.fromPath, "/old"));
    await eventually("/old", [302, "/newer"]);

    await t.db.delete(urlRedirects).where(eq(urlRedirects.fromPath, "/old"));
    await eventually("/old", [404, null]);
  });

  it("lets requests through when the table cannot be read", async () => {
    const app = express();
    app.use(redirectsMiddleware({ load: () => Promise.reject(new Error("database down")) }));
    app.use((_req, res) => void res.status(200).send("page"));
    const broken = await listenOnLoopback(app);
    try {
      // The shared copy may hold the table already; clear it through a change.
      await t.db.insert(urlRedirects).values({ fromPath: "/gone", toPath: "/x" });
      await new Promise((r) => setTimeout(r, 100));
      const res = await fetch(`${broken.url}/anything`, { redirect: "manual" });
      expect(res.status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
