/**
 * Favourites over HTTP: the post page's toggle as a plain form and as the
 * fetcher's JSON, the guards (visitor → /login, pending → /pending-approval),
 * bad input as 4xx, and /favorites with its dates, counts and empty state.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browse, CookieJar, startTestApp, type TestApp } from "#tests/support/http-app";
import { createPost, createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { testDatabaseForThisFile } from "#tests/support/test-database";

const testDb = testDatabaseForThisFile();
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ testDb });
});
afterAll(async () => {
  await app?.close();
});

const post = (jar: CookieJar, fields: Record<string, string>) =>
  browse(jar, `${app.url}/api/favorites`, { method: "POST", body: new URLSearchParams(fields) });

async function aPost(title = "Saved by members") {
  const mentor = await createUser(testDb.db, { role: "mentor" });
  return createPost(testDb.db, { authorId: mentor.id, title });
}

describe("favourites over HTTP", () => {
  it("visitors: the post page links to /login; /favorites and the POST go to /login", async () => {
    const p = await aPost();
    const html = await (await browse(new CookieJar(), `${app.url}/post/${p.slug}`)).text();
    expect(html).toContain(`href="/login?redirectTo=${encodeURIComponent(`/post/${p.slug}`)}"`);
    expect(html).toContain("Add to favorites");
    const page = await browse(new CookieJar(), `${app.url}/favorites`);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login/);
    const res = await post(new CookieJar(), { postId: p.id, saved: "true" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
  });

  it("pending members go to /pending-approval", async () => {
    const p = await aPost();
    const pending = await signedInMember(app, testDb.db, { status: "pending" });
    const res = await post(pending.jar, { postId: p.id, saved: "true" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/pending-approval");
  });

  it("a member saves without JavaScript, sees Saved and the post on /favorites, then removes it", async () => {
    const p = await aPost();
    const m = await signedInMember(app, testDb.db);
    const empty = await (await browse(m.jar, `${app.url}/favorites`)).text();
    expect(empty).toContain("You haven&#x27;t saved any posts yet");
    expect(empty).toContain("Most Viewed");

    const res = await post(m.jar, { postId: p.id, saved: "true", returnTo: `/post/${p.slug}` });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/post/${p.slug}`);
    const page = await (await browse(m.jar, `${app.url}/post/${p.slug}`)).text();
    expect(page).toMatch(/aria-pressed="true"[^>]*>.*Saved/s);

    const list = await (await browse(m.jar, `${app.url}/favorites`)).text();
    expect(list).toContain("Saved by members");
    expect(list).toMatch(/Saved <time/);
    expect(list).toMatch(/Published(<!-- -->)? <time/);
    expect(list).toContain("0 comments");
    expect(list).not.toContain("saved any posts yet");

    const json = await post(m.jar, { postId: p.id, saved: "false", js: "1" });
    expect(json.status).toBe(200);
    const state = await browse(m.jar, `${app.url}/api/favorites?postId=${p.id}`);
    expect(await state.json()).toEqual({ saved: false });
    // Twice the same wish is no toggle.
    await post(m.jar, { postId: p.id, saved: "true", js: "1" });
    await post(m.jar, { postId: p.id, saved: "true", js: "1" });
    const again = await browse(m.jar, `${app.url}/api/favorites?postId=${p.id}`);
    expect(await again.json()).toEqual({ saved: true });
  });

  it("bad input is a 4xx with a message, never a 500", async () => {
    const p = await aPost();
    const m = await signedInMember(app, testDb.db);
    const cases: Record<string, string>[] = [
      {},
      { postId: "nope" },
      { postId: p.id, saved: "maybe" },
      { postId: "00000000-0000-4000-8000-000000000000", saved: "true", js: "1" },
    ];
    for (const fields of cases) {
      const res = await post(m.jar, fields);
      expect(res.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    const garbled = await browse(m.jar, `${app.url}/api/favorites`, {
      method: "POST",
      body: "%%%",
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(garbled.status).toBe(400);
    expect((await browse(m.jar, `${app.url}/api/favorites?postId=x`)).status).toBe(400);
  });
});
