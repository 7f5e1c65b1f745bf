/**
 * The profile routes over HTTP, as a browser without JavaScript uses them:
 * guards, the 404, the rendered page and refusals that stay 4xx.
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

const get = (path: string) => browse(new CookieJar(), `${app.url}${path}`);

describe("profile routes for visitors", () => {
  it("/edit-profile sends visitors to /login, GET and POST", async () => {
    const page = await get("/edit-profile?firstTime=true");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/edit-profile?firstTime=true")}`,
    );
    const post = await browse(new CookieJar(), `${app.url}/edit-profile`, {
      method: "POST",
      body: new URLSearchParams({ intent: "save", fullName: "x" }),
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(/^\/login/);
  });

  it("an unknown user: User not found with 404", async () => {
    const page = await get("/user/nobody_at_all");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("User not found");
  });

  it("renders a mentor's page with role badge, counts and posts; No posts yet otherwise", async () => {
    const mentor = await createUser(testDb.db, {
      role: "mentor",
      fullName: "Meera Shah",
      bio: "Mentor for founders.",
      locationCity: "London",
      locationCountry: "United Kingdom",
      userType: "Mentor",
      websiteUrl: "https://meera.example",
    });
    await createPost(testDb.db, { authorId: mentor.id, title: "Scaling to Bengaluru" });
    const html = await (await get(`/user/${mentor.username}`)).text();
    for (const text of [
      "Meera Shah",
      ">Mentor<",
      `@${mentor.username}`,
      "Mentor for founders.",
      "London, United Kingdom",
      "Joined",
      "Scaling to Bengaluru",
      'href="https://meera.example/"',
    ]) {
      expect(html).toContain(text);
    }
    // Visitors see no Follow button.
    expect(html).not.toMatch(/>Follow</);
    const plain = await createUser(testDb.db, { role: "user" });
    const empty = await (await get(`/user/${plain.username}`)).text();
    expect(empty).toContain("No posts yet");
  });

  it("Follow posted by a visitor goes to /login, before the body is read; a member's unknown intent is a 4xx", async () => {
    const mentor = await createUser(testDb.db, { role: "mentor" });
    const res = await browse(new CookieJar(), `${app.url}/user/${mentor.username}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "follow" }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/user/${mentor.username}`)}`,
    );
    const odd = (jar: CookieJar) =>
      browse(jar, `${app.url}/user/${mentor.username}`, {
        method: "POST",
        body: "%%%",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    // The guard answers a visitor before a byte of the body is read.
    const visitor = await odd(new CookieJar());
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
    const { jar } = await signedInMember(app, testDb.db);
    const member = await odd(jar);
    expect(member.status).toBe(400);
    expect(await member.text()).toContain("Unknown action");
  });
});

describe("/api/comments for visitors", () => {
  it("lists comments as JSON, refuses bad input with 400, sends a visitor's post to /login", async () => {
    const mentor = await createUser(testDb.db, { role: "mentor" });
    const post = await createPost(testDb.db, { authorId: mentor.id });
    const list = await get(`/api/comments?postId=${post.id}`);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ comments: [], hasMore: false, total: 0 });
    expect((await get("/api/comments?postId=nope")).status).toBe(400);
    expect((await get(`/api/comments?postId=${post.id}&offset=-1`)).status).toBe(400);
    const res = await browse(new CookieJar(), `${app.url}/api/comments`, {
      method: "POST",
      body: new URLSearchParams({ intent: "create", postId: post.id, content: "hi" }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
    const page = await (await get(`/post/${post.slug}`)).text();
    expect(page).toContain("Conversation");
    expect(page).toContain("Sign Up");
  });
});

describe("/edit-profile without JavaScript", () => {
  it("a saved profile answers with the message and a refresh to the profile kept in <noscript>", async () => {
    const member = await signedInMember(app, testDb.db);
    const res = await browse(member.jar, `${app.url}/edit-profile`, {
      method: "POST",
      body: new URLSearchParams({ intent: "save", fullName: "Nadia Rahman", bio: "Hello" }),
      headers: { origin: app.url },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Profile updated successfully!");
    // A visible delayed refresh fails axe; inside <noscript> only browsers without scripts follow it.
    expect(html).toMatch(
      new RegExp(
        `<noscript><meta http-equiv="refresh" content="1.5;url=/user/${member.username}"/></noscript>`,
      ),
    );
  });
});
