/**
 * Security suite (docs/decisions/0053): the access-control matrix over the
 * site's guarded routes and the auth library's endpoints, for every role:
 * visitor, pending, user, mentor, admin, a blocked member whose session
 * is still live (the session row is put back before each of its requests),
 * and an admin held for a second factor (docs/decisions/0167: the site requires one
 * of admins and this admin has none; the setting is on for that role only).
 * What each role may do comes from the role table (permissions.ts `can`),
 * not from this file: a route that answers otherwise is a hole. The
 * community actions have their own matrix
 * (app/features/accounts/community-permissions.integration.test.ts).
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { CookieJar } from "#tests/support/http-app";
import { categories, profiles, sessions, SITE_SETTINGS_ID, siteSettings } from "#server/db/schema";
import { can, type Action, type Actor, type Resource } from "~/features/accounts/permissions";
import { createPost, createUser } from "../support/factories";
import { signedInMember } from "../support/signed-in";
import { siteOverHttpForThisFile } from "../support/site-over-http";

const site = siteOverHttpForThisFile();
const ROLES = ["visitor", "pending", "user", "mentor", "admin", "blocked", "held"] as const;
type Role = (typeof ROLES)[number];
const counts = { cases: 0, holes: 0, fiveHundreds: 0 };
afterAll(() => {
  console.log(
    `security/access-control: ${counts.cases} cases over ${ROLES.length} roles, ${counts.holes} holes, ${counts.fiveHundreds} answers of 500`,
  );
});

type Member = { jar: CookieJar; actor: Actor | null; restore: () => Promise<void> };
type World = {
  adminPostId: string;
  mentorPostId: string;
  mentorPostSlug: string;
  adminPostSlug: string;
  mentorPostAuthor: string;
  adminPostAuthor: string;
  categoryId: string;
};

/** "Require two-factor authentication for admins": on only while the held admin's requests run. */
const requireAdminTwoFactor = (on: boolean) =>
  site.testDb.db
    .update(siteSettings)
    .set({ requireAdminTwoFactor: on })
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));

async function member(role: Role): Promise<Member> {
  const db = site.testDb.db;
  if (role === "visitor") return { jar: new CookieJar(), actor: null, restore: async () => {} };
  if (role === "held") {
    // An admin without codes while the site requires them of admins.
    const user = await signedInMember(site.app, db, { role: "admin" });
    const actor: Actor = {
      id: user.id,
      role: "admin",
      status: "approved",
      adminNeedsTwoFactor: true,
    };
    return { jar: user.jar, actor, restore: () => requireAdminTwoFactor(true).then(() => {}) };
  }
  const profile =
    role === "pending"
      ? { status: "pending" as const }
      : role === "blocked"
        ? { role: "mentor" as const }
        : { role };
  const user = await signedInMember(site.app, db, profile);
  if (role !== "blocked") {
    const actor: Actor = {
      id: user.id,
      role: role === "pending" ? "user" : role,
      status: role === "pending" ? "pending" : "approved",
    };
    return { jar: user.jar, actor, restore: async () => {} };
  }
  // Signed in while approved, then blocked: the session row is kept and put back before
  // every request (the site ends it on first use, as it should).
  const [live] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
  await db.update(profiles).set({ status: "blocked" }).where(eq(profiles.id, user.id));
  return {
    jar: user.jar,
    actor: { id: user.id, role: "mentor", status: "blocked" },
    restore: async () => {
      await db.insert(sessions).values(live!).onConflictDoNothing();
    },
  };
}

type Case = {
  name: string;
  /**
   * The role table's action; or "public": a page anyone may post to (no role is refused);
   * or "signed-out": a public page for the signed out, which sends a signed-in member to /
   * (its loader, after the action's answer) while a visitor gets the form's own answer.
   */
  action: Action | "public" | "signed-out";
  resource?: (world: World) => Resource;
  send: (jar: CookieJar, world: World) => Promise<Response>;
};

const get = (path: (w: World) => string) => (jar: CookieJar, w: World) =>
  fetch(`${site.app.url}${path(w)}`, {
    headers: { cookie: jar.header(site.app.url) },
    redirect: "manual",
  });
const post =
  (path: (w: World) => string, fields: (w: World) => Record<string, string>, json = false) =>
  (jar: CookieJar, w: World) =>
    fetch(`${site.app.url}${path(w)}`, {
      method: "POST",
      headers: {
        cookie: jar.header(site.app.url),
        origin: site.app.url,
        ...(json ? { "content-type": "application/json" } : {}),
      },
      body: json ? JSON.stringify(fields(w)) : new URLSearchParams(fields(w)),
      redirect: "manual",
    });

const jpeg = sharp({ create: { width: 120, height: 80, channels: 3, background: "#2266aa" } })
  .jpeg()
  .toBuffer();
const upload = async (jar: CookieJar) => {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await jpeg)], { type: "image/jpeg" }), "a.jpg");
  return fetch(`${site.app.url}/api/uploads`, {
    method: "POST",
    headers: { cookie: jar.header(site.app.url), origin: site.app.url },
    body: form,
    redirect: "manual",
  });
};

const CASES: Case[] = [
  { name: "GET /admin", action: "admin.access", send: get(() => "/admin") },
  { name: "GET /admin?tab=users", action: "admin.access", send: get(() => "/admin?tab=users") },
  { name: "GET /admin/users.csv", action: "admin.access", send: get(() => "/admin/users.csv") },
  {
    name: "GET /admin/authors.json",
    action: "admin.access",
    send: get(() => "/admin/authors.json"),
  },
  { name: "GET /admin/activity", action: "admin.access", send: get(() => "/admin/activity") },
  {
    name: "GET /admin/activity.csv",
    action: "admin.access",
    send: get(() => "/admin/activity.csv"),
  },
  { name: "GET /admin/analytics", action: "admin.access", send: get(() => "/admin/analytics") },
  {
    name: "GET /admin?tab=posts sorted and filtered",
    action: "admin.access",
    send: get(() => "/admin?tab=posts&status=draft&sort=title&dir=asc"),
  },
  {
    name: "GET /admin/site-settings",
    action: "admin.access",
    send: get(() => "/admin/site-settings"),
  },
  {
    name: "POST /admin/site-settings time zone",
    action: "admin.access",
    send: post(
      () => "/admin/site-settings",
      () => ({ cookie_banner_message: "Cookies.", time_zone: "Europe/London" }),
    ),
  },
  {
    name: "GET /admin/banned-words",
    action: "admin.access",
    send: get(() => "/admin/banned-words"),
  },
  { name: "GET /admin/redirects", action: "admin.access", send: get(() => "/admin/redirects") },
  { name: "GET /admin/reports", action: "admin.access", send: get(() => "/admin/reports") },
  {
    name: "GET /admin/categories/:id",
    action: "admin.access",
    send: get((w) => `/admin/categories/${w.categoryId}`),
  },
  {
    name: "POST /admin broadcast",
    action: "broadcast.send",
    send: post(
      () => "/admin?tab=notifications",
      () => ({ intent: "broadcast", title: "Matrix", message: "Hello", link: "/" }),
    ),
  },
  {
    name: "GET /admin?tab=users searched",
    action: "admin.access",
    send: get(() => "/admin?tab=users&q=matrix&sort=email&dir=desc"),
  },
  {
    name: "GET /admin?tab=posts searched, sorted by author",
    action: "admin.access",
    send: get(() => "/admin?tab=posts&q=post&sort=author&dir=desc&page=2"),
  },
  {
    name: "POST /admin row feature (the table's one form)",
    action: "admin.access",
    send: post(
      () => "/admin?tab=posts",
      (w) => ({ row: `post-feature.${w.adminPostId}` }),
    ),
  },
  {
    name: "POST /admin bulk feature",
    action: "admin.access",
    send: post(
      () => "/admin?tab=posts",
      (w) => ({ intent: "bulk-feature", postIds: w.adminPostId }),
    ),
  },
  {
    name: "POST /admin/banned-words add",
    action: "admin.access",
    send: post(
      () => "/admin/banned-words",
      () => ({ intent: "add", word: `matrixword${Date.now()}` }),
    ),
  },
  {
    name: "POST /admin/redirects add",
    action: "admin.access",
    send: post(
      () => "/admin/redirects",
      () => ({ intent: "add", from: `/old-${Date.now()}`, to: "/about" }),
    ),
  },
  {
    name: "POST /admin/categories/new",
    action: "admin.access",
    send: post(
      () => "/admin/categories/new",
      () => ({ name: `Matrix ${Date.now()}`, slug: `matrix-${Date.now()}` }),
    ),
  },
  {
    name: "POST /admin/categories/:id (the form refused)",
    action: "admin.access",
    send: post(
      (w) => `/admin/categories/${w.categoryId}`,
      () => ({ name: "", slug: "" }),
    ),
  },
  {
    name: "POST /admin/reports (no such decision)",
    action: "admin.access",
    send: post(
      () => "/admin/reports",
      (w) => ({ intent: "keep", kind: "post", id: w.adminPostId }),
    ),
  },
  {
    name: "GET /admin/content-api",
    action: "admin.access",
    send: get(() => "/admin/content-api"),
  },
  {
    name: "POST /admin/content-api create a key",
    action: "admin.access",
    send: post(
      () => "/admin/content-api",
      () => ({ intent: "create", name: "Matrix key" }),
    ),
  },
  { name: "GET /admin/webhooks", action: "admin.access", send: get(() => "/admin/webhooks") },
  {
    name: "POST /admin/webhooks (an address refused)",
    action: "admin.access",
    send: post(
      () => "/admin/webhooks",
      () => ({ intent: "create", url: "not an address", events: "post.published" }),
    ),
  },
  { name: "GET /admin/import", action: "admin.access", send: get(() => "/admin/import") },
  {
    name: "POST /admin/import (no file)",
    action: "admin.access",
    send: post(
      () => "/admin/import",
      () => ({ intent: "dry-run" }),
    ),
  },
  { name: "GET /create-post", action: "post.write", send: get(() => "/create-post") },
  { name: "GET /my-posts", action: "post.write", send: get(() => "/my-posts") },
  {
    name: "POST /create-post draft",
    action: "post.write",
    send: post(
      () => "/create-post",
      () => ({ title: "Matrix draft", intent: "draft" }),
    ),
  },
  {
    name: "GET /edit-post/:slug (a mentor's)",
    action: "post.write",
    resource: (w) => ({ kind: "post", authorId: w.mentorPostAuthor }),
    send: get((w) => `/edit-post/${w.mentorPostSlug}`),
  },
  {
    name: "GET /edit-post/:slug (an admin's)",
    action: "post.write",
    resource: (w) => ({ kind: "post", authorId: w.adminPostAuthor }),
    send: get((w) => `/edit-post/${w.adminPostSlug}`),
  },
  {
    name: "POST /edit-post/:slug (an admin's)",
    action: "post.write",
    resource: (w) => ({ kind: "post", authorId: w.adminPostAuthor }),
    send: post(
      (w) => `/edit-post/${w.adminPostSlug}`,
      (w) => ({ id: w.adminPostId, title: "Taken over", intent: "draft" }),
    ),
  },
  {
    name: "POST /create-post publish, featured",
    action: "post.write",
    send: post(
      () => "/create-post",
      () => ({
        title: "Matrix feature",
        content: "<p>Hi</p>",
        is_featured: "on",
        intent: "publish",
      }),
    ),
  },
  {
    name: "POST /edit-post/:slug (a mentor's) featured",
    action: "post.write",
    resource: (w) => ({ kind: "post", authorId: w.mentorPostAuthor }),
    send: post(
      (w) => `/edit-post/${w.mentorPostSlug}`,
      (w) => ({ id: w.mentorPostId, title: "Featured", is_featured: "on", intent: "draft" }),
    ),
  },
  {
    name: "GET /preview/:id (a mentor's draft)",
    action: "post.write",
    resource: (w) => ({ kind: "post", authorId: w.mentorPostAuthor }),
    send: get((w) => `/preview/${w.mentorPostId}`),
  },
  {
    name: "POST /preview/:id share (a mentor's draft)",
    action: "post.write",
    resource: (w) => ({ kind: "post", authorId: w.mentorPostAuthor }),
    send: post(
      (w) => `/preview/${w.mentorPostId}`,
      () => ({ intent: "share" }),
    ),
  },
  {
    name: "GET /api/posts/:id/revisions (a mentor's)",
    action: "post.write",
    resource: (w) => ({ kind: "post", authorId: w.mentorPostAuthor }),
    send: get((w) => `/api/posts/${w.mentorPostId}/revisions`),
  },
  { name: "POST /api/uploads", action: "post.write", send: (jar) => upload(jar) },
  {
    name: "POST /api/metadata",
    action: "post.write",
    send: post(
      () => "/api/metadata",
      () => ({ url: "http://10.0.0.1/" }),
      true,
    ),
  },
  {
    name: "GET /notifications",
    action: "notifications.read",
    send: get(() => "/notifications"),
  },
  { name: "GET /admin/email", action: "admin.access", send: get(() => "/admin/email") },
  {
    name: "POST /health retry failed jobs",
    action: "admin.access",
    send: post(
      () => "/health",
      () => ({}),
    ),
  },
  {
    name: "POST /admin/email",
    action: "admin.access",
    send: post(
      () => "/admin/email",
      () => ({ enabled: "on", day: "1", time: "08:00" }),
    ),
  },
  {
    name: "GET /settings/notifications",
    action: "notifications.settings",
    send: get(() => "/settings/notifications"),
  },
  {
    name: "POST /settings/notifications",
    action: "notifications.settings",
    send: post(
      () => "/settings/notifications",
      () => ({
        reply: "off",
        mention: "email",
        comment: "app",
        new_post: "digest",
        follow: "app",
        approval: "app",
        promotion: "app",
        broadcast: "email",
        digest: "email",
      }),
    ),
  },
  {
    name: "GET /settings/sessions",
    action: "notifications.read",
    send: get(() => "/settings/sessions"),
  },
  {
    // Ends the member's other sessions only: the one the matrix signs in with stays.
    name: "POST /settings/sessions end the others",
    action: "notifications.read",
    send: post(
      () => "/settings/sessions",
      () => ({ intent: "end-others" }),
    ),
  },
  // The account pages' public actions (definePublicAction): each role gets the form's own answer
  // (an empty or wrong form: a 400, never a 401 that would read as a refusal), or is sent to /
  // by a page for the signed out. /logout is not here: it sends everyone to /, which reads as a
  // refusal; its tests are in app/features/accounts/sessions.integration.test.ts.
  {
    name: "POST /login (an empty form)",
    action: "signed-out",
    send: post(
      () => "/login",
      () => ({}),
    ),
  },
  {
    name: "POST /signup (an empty form)",
    action: "signed-out",
    send: post(
      () => "/signup",
      () => ({}),
    ),
  },
  {
    name: "POST /verify-otp (a wrong code)",
    action: "public",
    send: post(
      () => "/verify-otp",
      () => ({ email: "nobody@example.com", digit: "123456" }),
    ),
  },
  {
    name: "POST /forgot-password",
    action: "public",
    send: post(
      () => "/forgot-password",
      () => ({ email: "nobody@example.com" }),
    ),
  },
  {
    name: "POST /reset-password (a bad token)",
    action: "public",
    send: post(
      () => "/reset-password",
      () => ({ token: "not-a-real-token", password: "Secret123", confirmPassword: "Secret123" }),
    ),
  },
  {
    name: "POST /resend-verification",
    action: "public",
    send: post(
      () => "/resend-verification",
      () => ({ email: "nobody@example.com" }),
    ),
  },
  {
    name: "POST /login/two-factor (an empty code)",
    action: "signed-out",
    send: post(
      () => "/login/two-factor",
      () => ({ code: "", method: "totp", redirectTo: "/" }),
    ),
  },
];

/** The library's endpoints: closed for every role, whatever the session. */
const LIBRARY = [
  ["GET", "/api/auth/get-session"],
  ["GET", "/api/auth/list-sessions"],
  ["POST", "/api/auth/update-user"],
  ["POST", "/api/auth/change-password"],
  ["POST", "/api/auth/sign-in/email"],
  ["POST", "/api/auth/sign-in/username"],
  ["POST", "/api/auth/sign-in/email-otp"],
  ["POST", "/api/auth/sign-up/email"],
  ["POST", "/api/auth/email-otp/send-verification-otp"],
  ["POST", "/api/auth/email-otp/request-password-reset"],
  ["POST", "/api/auth/email-otp/reset-password"],
  ["POST", "/api/auth/revoke-sessions"],
  ["POST", "/api/auth/delete-user"],
  ["GET", "/api/auth/list-accounts"],
  ["POST", "/api/auth/sign-out"],
] as const;

/**
 * Allowed: the page or action went through. Refused: sent to /login,
 * /pending-approval, the home page or (a held admin) to set up two-factor, or
 * 401, 403, 404.
 */
function outcomeOf(res: Response): "allowed" | "refused" | "error" {
  if (res.status >= 500) return "error";
  const location = res.headers.get("location") ?? "";
  if (res.status >= 300 && res.status < 400) {
    const to = new URL(location, site.app.url).pathname;
    return to === "/" || /^\/(login|pending-approval|settings\/two-factor)\b/.test(to)
      ? "refused"
      : "allowed";
  }
  return [401, 403, 404].includes(res.status) ? "refused" : "allowed";
}

/** A live session the site honours: anyone but a visitor and a blocked member (whose session ends on use). */
const signedIn = (actor: Actor | null) => actor !== null && actor.status !== "blocked";

async function world(): Promise<World> {
  const db = site.testDb.db;
  const mentor = await createUser(db, { role: "mentor", profileCompleted: true });
  const admin = await createUser(db, { role: "admin", profileCompleted: true });
  const mentorPost = await createPost(db, { authorId: mentor.id, status: "draft" });
  const adminPost = await createPost(db, { authorId: admin.id, status: "draft" });
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  return {
    adminPostId: adminPost.id,
    mentorPostId: mentorPost.id,
    mentorPostSlug: mentorPost.slug,
    adminPostSlug: adminPost.slug,
    mentorPostAuthor: mentor.id,
    adminPostAuthor: admin.id,
    categoryId: category!.id,
  };
}

describe("access control", () => {
  it("every guarded route answers each role as the role table says", async () => {
    const w = await world();
    const holes: string[] = [];
    for (const role of ROLES) {
      const m = await member(role);
      for (const c of CASES) {
        // The mentor-case: the signed-in mentor's own post stands in for "a mentor's".
        const resource = c.resource?.(w);
        const own =
          role === "mentor" && c.name.includes("a mentor's")
            ? { kind: "post" as const, authorId: m.actor!.id }
            : resource;
        const expected =
          c.action === "public"
            ? "allowed"
            : c.action === "signed-out"
              ? signedIn(m.actor)
                ? "refused"
                : "allowed"
              : can(m.actor, c.action, own)
                ? "allowed"
                : "refused";
        await m.restore();
        const ownPost =
          role === "mentor" && c.name.includes("a mentor's")
            ? await createPost(site.testDb.db, { authorId: m.actor!.id, status: "draft" })
            : null;
        const target = ownPost
          ? { ...w, mentorPostSlug: ownPost.slug, mentorPostId: ownPost.id }
          : w;
        const res = await c.send(m.jar, target);
        await res.body?.cancel();
        const got = outcomeOf(res);
        counts.cases++;
        if (got === "error") counts.fiveHundreds++;
        if (got !== expected) {
          counts.holes++;
          holes.push(
            `${role} ${c.name}: expected ${expected}, got ${got} (${res.status} ${res.headers.get("location") ?? ""})`,
          );
        }
      }
      for (const [method, path] of LIBRARY) {
        await m.restore();
        const res = await fetch(`${site.app.url}${path}`, {
          method,
          headers: {
            cookie: m.jar.header(site.app.url),
            origin: site.app.url,
            "content-type": "application/json",
          },
          body: method === "POST" ? "{}" : undefined,
          redirect: "manual",
        });
        await res.body?.cancel();
        counts.cases++;
        if (res.status >= 500) counts.fiveHundreds++;
        if (res.status !== 404) {
          counts.holes++;
          holes.push(`${role} ${method} ${path}: ${res.status}`);
        }
      }
    }
    await requireAdminTwoFactor(false);
    expect(holes).toEqual([]);
  }, 300_000);
});
