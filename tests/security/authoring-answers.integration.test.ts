/**
 * The authoring routes' answers for every role (docs/decisions/0216): the
 * status, where a redirect goes, and a JSON refusal's words, for the pages
 * and their POSTs, as a document and as React Router's data request. Pinned
 * when the routes moved onto the request pipeline: the move changed none.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { CookieJar } from "#tests/support/http-app";
import { profiles, sessions, SITE_SETTINGS_ID, siteSettings } from "#server/db/schema";
import { createPost, createUser } from "../support/factories";
import { signedInMember } from "../support/signed-in";
import { siteOverHttpForThisFile } from "../support/site-over-http";
import { stringMatching } from "#tests/support/json";

const site = siteOverHttpForThisFile();
const ROLES = ["visitor", "pending", "user", "mentor", "admin", "blocked", "held"] as const;
type Role = (typeof ROLES)[number];

const requireAdminTwoFactor = (on: boolean) =>
  site.testDb.db
    .update(siteSettings)
    .set({ requireAdminTwoFactor: on })
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));

async function member(role: Role): Promise<{ jar: CookieJar; restore: () => Promise<void> }> {
  const db = site.testDb.db;
  if (role === "visitor") return { jar: new CookieJar(), restore: async () => {} };
  if (role === "held") {
    const user = await signedInMember(site.app, db, { role: "admin" });
    return { jar: user.jar, restore: () => requireAdminTwoFactor(true).then(() => {}) };
  }
  const profile =
    role === "pending"
      ? { status: "pending" as const }
      : role === "blocked"
        ? { role: "mentor" as const }
        : { role };
  const user = await signedInMember(site.app, db, profile);
  if (role !== "blocked") return { jar: user.jar, restore: async () => {} };
  const [live] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
  await db.update(profiles).set({ status: "blocked" }).where(eq(profiles.id, user.id));
  return {
    jar: user.jar,
    restore: async () => {
      await db.insert(sessions).values(live!).onConflictDoNothing();
    },
  };
}

/** "302 /", "401 {error}", "200": what a role is answered, in short. */
async function summary(res: Response): Promise<string> {
  const location = res.headers.get("location") ?? res.headers.get("x-remix-redirect");
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  if (location) return `${res.status} ${new URL(location, site.app.url).pathname}`;
  const redirect = /"redirect","([^"]+)"/.exec(text)?.[1];
  if (redirect) return `${res.status} redirect ${redirect.split("?")[0]}`;
  if (type.includes("json"))
    return `${res.status} ${(JSON.parse(text) as { error?: string }).error ?? ""}`;
  const error = /"error","([^"]+)"/.exec(text)?.[1];
  if (res.status >= 300) return `${res.status}${error ? ` ${error}` : ""}`;
  return `${res.status}`;
}

let counter = 0;
async function answers(role: Role, slug: () => Promise<string>) {
  const m = await member(role);
  const send = async (path: string, init: RequestInit = {}) => {
    await m.restore();
    const res = await fetch(`${site.app.url}${path}`, {
      ...init,
      headers: { cookie: m.jar.header(site.app.url), origin: site.app.url },
      redirect: "manual",
    });
    return summary(res);
  };
  const form = () => new URLSearchParams({ title: `Pinned ${++counter}`, intent: "draft" });
  const autosave = () => new URLSearchParams({ title: `Auto ${++counter}`, intent: "autosave" });
  const own = await slug();
  return {
    "GET /create-post": await send("/create-post"),
    "POST /create-post": await send("/create-post", { method: "POST", body: form() }),
    "POST /create-post.data": await send("/create-post.data", { method: "POST", body: form() }),
    "POST /create-post.data autosave": await send("/create-post.data", {
      method: "POST",
      body: autosave(),
    }),
    "GET /edit-post": await send(`/edit-post/${own}`),
    "POST /edit-post.data": await send(`/edit-post/${own}.data`, {
      method: "POST",
      body: form(),
    }),
    "GET /my-posts": await send("/my-posts"),
    "POST /my-posts.data": await send("/my-posts.data", {
      method: "POST",
      body: new URLSearchParams({ id: "not-a-uuid" }),
    }),
  };
}

const SIGNED_OUT =
  "Permission error: Cannot create post. Please ensure you are logged in as a mentor or admin.";
const NOT_AN_AUTHOR = "Permission denied: Only mentors and admins can create posts.";
const author = (editOthers: string) => ({
  "GET /create-post": "200",
  "POST /create-post": stringMatching(/^302 \/edit-post\/pinned-\d+$/),
  "POST /create-post.data": stringMatching(/^202 redirect \/edit-post\/pinned-\d+$/),
  "POST /create-post.data autosave": "200",
  "GET /edit-post": editOthers,
  "POST /edit-post.data": stringMatching(/^202 redirect \/edit-post\/pinned-\d+$/),
  "GET /my-posts": "200",
  "POST /my-posts.data": "404 Failed to delete post",
});
const held = "/settings/two-factor";
const EXPECTED = {
  visitor: {
    "GET /create-post": "302 /",
    "POST /create-post": "302 /",
    "POST /create-post.data": `401 ${SIGNED_OUT}`,
    "POST /create-post.data autosave": `401 ${SIGNED_OUT}`,
    "GET /edit-post": "302 /",
    "POST /edit-post.data": `401 ${SIGNED_OUT}`,
    "GET /my-posts": "302 /",
    "POST /my-posts.data": "202 redirect /",
  },
  pending: {
    "GET /create-post": "302 /",
    "POST /create-post": "302 /",
    "POST /create-post.data": `403 ${NOT_AN_AUTHOR}`,
    "POST /create-post.data autosave": `403 ${NOT_AN_AUTHOR}`,
    "GET /edit-post": "302 /",
    "POST /edit-post.data": `403 ${NOT_AN_AUTHOR}`,
    "GET /my-posts": "302 /",
    "POST /my-posts.data": "202 redirect /",
  },
  user: {
    "GET /create-post": "302 /",
    "POST /create-post": "302 /",
    "POST /create-post.data": `403 ${NOT_AN_AUTHOR}`,
    "POST /create-post.data autosave": `403 ${NOT_AN_AUTHOR}`,
    "GET /edit-post": "302 /",
    "POST /edit-post.data": `403 ${NOT_AN_AUTHOR}`,
    "GET /my-posts": "302 /",
    "POST /my-posts.data": "202 redirect /",
  },
  // A mentor may not open another mentor's post (403); an admin may.
  mentor: author("403"),
  admin: author("200"),
  blocked: {
    "GET /create-post": "302 /",
    "POST /create-post": "302 /",
    "POST /create-post.data": `401 ${SIGNED_OUT}`,
    "POST /create-post.data autosave": `401 ${SIGNED_OUT}`,
    "GET /edit-post": "302 /",
    "POST /edit-post.data": `401 ${SIGNED_OUT}`,
    "GET /my-posts": "302 /",
    "POST /my-posts.data": "202 redirect /",
  },
  held: {
    "GET /create-post": `302 ${held}`,
    "POST /create-post": `302 ${held}`,
    "POST /create-post.data": `202 redirect ${held}`,
    "POST /create-post.data autosave": `202 redirect ${held}`,
    "GET /edit-post": `302 ${held}`,
    "POST /edit-post.data": `202 redirect ${held}`,
    "GET /my-posts": `302 ${held}`,
    "POST /my-posts.data": `202 redirect ${held}`,
  },
};

afterAll(() => requireAdminTwoFactor(false));

describe("the authoring routes' answers", () => {
  it("answer every role as before the move", async () => {
    const got: Record<string, unknown> = {};
    for (const role of ROLES) {
      got[role] = await answers(role, async () => {
        const author = await createUser(site.testDb.db, { role: "mentor", profileCompleted: true });
        return (await createPost(site.testDb.db, { authorId: author.id, status: "draft" })).slug;
      });
    }
    await requireAdminTwoFactor(false);
    expect(got).toEqual(EXPECTED);
  }, 120_000);
});
