/**
 * The live badge across instances on one PostgreSQL (runs when
 * TEST_DATABASE_URL is set): a notification inserted through a second,
 * separate database handle (its own pool and connections, as another
 * server instance has) reaches an event-stream client of the HTTP app,
 * through the trigger's NOTIFY and the app's one LISTEN, within a second.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#tests/support/http-app";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { signedInMember } from "#tests/support/signed-in";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { broadcast, notify } from "./notify.server";
import { readEvents } from "#tests/support/sse-test-client";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("live notifications across instances (PostgreSQL)", () => {
  const testDb = testDatabaseForThisFile({ resetBetweenTests: false });
  let app: TestApp;
  let other: DatabaseHandle;

  beforeAll(async () => {
    app = await startTestApp({ testDb });
    // The app's first request through React Router compiles its routes (Vite: about 8 s on a
    // 2-core machine), which left the streams' 10 s bound below too little: it happens here.
    await (await fetch(`${app.url}/api/notifications/stream`)).body?.cancel();
    // The same database as the app's, through a handle of its own.
    const sameDb = new URL(url!);
    const result = (await testDb.db.execute(sql`SELECT current_database() AS name`)) as {
      rows: { name: string }[];
    };
    sameDb.pathname = `/${result.rows[0]!.name}`;
    other = await openDatabase({ url: sameDb.toString(), poolSize: 2 });
  });
  afterAll(async () => {
    await other?.close();
    await app?.close();
  });

  it("an insert elsewhere reaches every open stream of the member within a second", async () => {
    const m = await signedInMember(app, testDb.db);
    const open = () =>
      fetch(`${app.url}/api/notifications/stream`, {
        headers: { cookie: m.jar.header(app.url) },
        signal: AbortSignal.timeout(10_000),
      }).then(readEvents);
    const tabs = await Promise.all([open(), open()]);
    for (const tab of tabs) expect((await tab.next()).unreadCount).toBe(0);
    const started = performance.now();
    await notify({ db: other.db, jobs: app.jobs }, m.id, {
      type: "follow",
      title: "From the other instance",
    });
    for (const tab of tabs) {
      const state = await tab.next();
      expect(state.latest[0]!.title).toBe("From the other instance");
    }
    expect(performance.now() - started).toBeLessThan(1_000);
    await broadcast(other.db, {
      title: "To everyone",
      link: "/",
      roleFilter: "all",
      statusFilter: "all",
      sentBy: null,
    });
    for (const tab of tabs) expect((await tab.next()).unreadCount).toBe(2);
  });
});
