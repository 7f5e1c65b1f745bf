/**
 * /notifications and the event stream over HTTP: guards, filters, empty
 * states, the 20 note, Mark read / View / Mark all as read on the server
 * (own notifications only), bad input as 4xx; the stream sends the state at
 * once and again when a notification arrives, and ends when the member's
 * session does.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeAllSessions } from "#server/auth/sessions";
import { profiles } from "#server/db/schema";
import { browse, CookieJar, startTestApp, type TestApp } from "#tests/support/http-app";
import { createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { broadcast, notify } from "./notify.server";
import { readEvents } from "#tests/support/sse-test-client";

const testDb = testDatabaseForThisFile();
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ testDb });
});
afterAll(async () => {
  await app?.close();
});

const page = async (jar: CookieJar, query = "") =>
  (await browse(jar, `${app.url}/notifications${query}`)).text();
const act = (jar: CookieJar, fields: Record<string, string>, query = "") =>
  browse(jar, `${app.url}/notifications${query}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });

describe("/notifications", () => {
  it("signed-out: the page, the actions and the stream refuse", async () => {
    const res = await browse(new CookieJar(), `${app.url}/notifications`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
    const post = await act(new CookieJar(), { intent: "read-all" });
    expect(post.headers.get("location")).toMatch(/^\/login/);
    const stream = await browse(new CookieJar(), `${app.url}/api/notifications/stream`);
    expect(stream.status).toBe(401);
  });

  it("empty states, filters, the 20 note, Mark read, View and Mark all as read", async () => {
    const m = await signedInMember(app, testDb.db);
    expect(await page(m.jar)).toContain("No notifications yet");
    expect(await page(m.jar, "?filter=unread")).toContain("No unread notifications");
    expect(await page(m.jar, "?filter=announcements")).toContain("No announcements yet");

    for (let i = 0; i < 20; i++) {
      await notify({ db: testDb.db, jobs: app.jobs }, m.id, {
        type: "follow",
        title: `Follow ${i}`,
        link: "/user/x",
      });
    }
    const all = await page(m.jar);
    expect(all).toContain("Showing most recent 20 notifications");
    expect(all).toContain("Mark all as read");
    // The bell in the header: 9+.
    expect(all).toContain("Notifications, 20 unread");
    expect(all).toContain(">9+<");

    const [first] = await testDb.db.query.notifications.findMany({ limit: 1 });
    const read = await act(m.jar, { intent: "read", id: first!.id }, "?filter=unread");
    expect(read.status).toBe(200);
    const unread = await page(m.jar, "?filter=unread");
    expect(unread).not.toContain(`value="${first!.id}"`);
    expect(unread).not.toContain("Showing most recent 20 notifications");

    const view = await act(m.jar, { intent: "view", id: first!.id });
    expect(view.status).toBe(302);
    expect(view.headers.get("location")).toBe("/user/x?source=notification");

    await broadcast(testDb.db, {
      title: "Demo day",
      link: "/events",
      roleFilter: "all",
      statusFilter: "all",
      sentBy: null,
    });
    expect(await page(m.jar, "?filter=announcements")).toContain("Demo day");
    expect((await act(m.jar, { intent: "read-all" })).status).toBe(200);
    expect(await page(m.jar, "?filter=unread")).toContain("No unread notifications");
  });

  it("a row's link marks it read and opens it; another member's is a 404 (docs/decisions/0267)", async () => {
    const m = await signedInMember(app, testDb.db);
    const other = await createUser(testDb.db);
    const target = { db: testDb.db, jobs: app.jobs };
    const mine = await notify(target, m.id, {
      type: "reply",
      title: "Row link",
      link: "/post/a-post#c-7d3c1f5e-2f1a-4b53-9a38-0f5d1c9e2b11",
    });
    const theirs = await notify(target, other.id, { type: "follow", title: "Theirs" });
    const html = await page(m.jar);
    expect(html).toContain(`href="/notifications/${mine.id}/open"`);

    const open = await browse(m.jar, `${app.url}/notifications/${mine.id}/open`);
    expect(open.status).toBe(303);
    expect(open.headers.get("location")).toBe(
      "/post/a-post?source=notification#c-7d3c1f5e-2f1a-4b53-9a38-0f5d1c9e2b11",
    );
    expect(open.headers.get("cache-control")).toContain("no-store");
    const rows = await testDb.db.query.notifications.findMany();
    expect(rows.find((r) => r.id === mine.id)!.isRead).toBe(true);

    const refused = await browse(m.jar, `${app.url}/notifications/${theirs.id}/open`);
    expect(refused.status).toBe(404);
    expect(rows.find((r) => r.id === theirs.id)!.isRead).toBe(false);
    const signedOut = await browse(new CookieJar(), `${app.url}/notifications/${mine.id}/open`);
    expect(signedOut.headers.get("location")).toMatch(/^\/login/);
  });

  it("another member's notification is a 404; bad input is a 4xx with a message", async () => {
    const m = await signedInMember(app, testDb.db);
    const other = await createUser(testDb.db);
    const theirs = await notify({ db: testDb.db, jobs: app.jobs }, other.id, {
      type: "follow",
      title: "Theirs",
    });
    const res = await act(m.jar, { intent: "view", id: theirs.id });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Notification not found");
    const [row] = await testDb.db.query.notifications.findMany();
    expect(row!.isRead).toBe(false);
    const cases: Record<string, string>[] = [
      {},
      { intent: "read" },
      { intent: "read", id: "x" },
      { intent: "zap" },
    ];
    for (const fields of cases) {
      const r = await act(m.jar, fields);
      expect(r.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    const bad = await browse(m.jar, `${app.url}/notifications?filter=everything`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Unknown filter. Choose All, Unread or Announcements.");
  });
});

describe("/api/notifications/stream", () => {
  it("sends the state at once, then each new notification", async () => {
    const m = await signedInMember(app, testDb.db);
    await notify({ db: testDb.db, jobs: app.jobs }, m.id, { type: "follow", title: "Before" });
    const controller = new AbortController();
    const res = await fetch(`${app.url}/api/notifications/stream`, {
      headers: { cookie: m.jar.header(app.url) },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = readEvents(res);
    expect((await events.next()).unreadCount).toBe(1);
    const started = performance.now();
    await notify({ db: testDb.db, jobs: app.jobs }, m.id, { type: "follow", title: "Live one" });
    const next = await events.next();
    expect(next.unreadCount).toBe(2);
    expect(next.latest[0]!.title).toBe("Live one");
    expect(performance.now() - started).toBeLessThan(1_000);
    controller.abort();
  });

  it("ends when the member is blocked (sessions revoked) instead of pushing on", async () => {
    const m = await signedInMember(app, testDb.db);
    const res = await fetch(`${app.url}/api/notifications/stream`, {
      headers: { cookie: m.jar.header(app.url) },
      signal: AbortSignal.timeout(10_000),
    });
    const events = readEvents(res);
    expect((await events.next()).unreadCount).toBe(0);
    // What blocking does (app/features/admin): the status, and every session ends.
    await testDb.db.update(profiles).set({ status: "blocked" }).where(eq(profiles.id, m.id));
    await revokeAllSessions(testDb.db, m.id);
    await notify({ db: testDb.db, jobs: app.jobs }, m.id, {
      type: "broadcast",
      title: "Not for a blocked member",
    });
    await expect(events.next()).rejects.toThrow("stream ended");
    // Reconnecting is refused.
    const again = await browse(m.jar, `${app.url}/api/notifications/stream`);
    expect(again.status).toBe(401);
  });
});
