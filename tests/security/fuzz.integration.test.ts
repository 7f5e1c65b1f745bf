/**
 * Security suite (docs/decisions/0052, docs/decisions/0053): a NUL / control-character /
 * oversize / wrong-type fuzz of every form the site renders and every JSON
 * endpoint, and of the route parameters and queries of its GET pages. The
 * forms are read from the pages themselves (each <form method="post"> with
 * its fields and submit buttons), as the roles that see them, so a new form
 * is fuzzed without being listed. Whatever is sent, the answer is never a
 * 500, and no control character reaches the database.
 */
import { afterAll, describe, expect, it } from "vitest";
import { CookieJar } from "#tests/support/http-app";
import { categories, posts, profiles, rateLimits, tags } from "#server/db/schema";
import { createComment, createPost, createUser } from "../support/factories";
import { signedInMember } from "../support/signed-in";
import { TAG_LIMITS, TAG_MESSAGES } from "~/features/authoring/post-rules";
import { siteOverHttpForThisFile } from "../support/site-over-http";

const site = siteOverHttpForThisFile();
const counts = { requests: 0, fiveHundreds: 0, forms: 0, fields: 0 };
const failures: string[] = [];
afterAll(() => {
  console.log(
    `security/fuzz: ${counts.forms} forms, ${counts.fields} fields, ${counts.requests} requests, ${counts.fiveHundreds} answers of 500`,
  );
});

type Field = { name: string; value: string; text: boolean };
type FoundForm = {
  page: string;
  action: string;
  multipart: boolean;
  fields: Field[];
  submit?: Field;
};

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replace(/&amp;/g, "&");

/** Every POST form of a page, once per submit button that names an intent. */
function formsOf(page: string, html: string): FoundForm[] {
  const out: FoundForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, head = "", inner = ""] = match;
    if ((attr(head, "method") ?? "get").toLowerCase() !== "post") continue;
    const action = attr(head, "action") ?? page;
    const fields: Field[] = [];
    const submits: Field[] = [];
    for (const tag of inner.matchAll(/<(input|textarea|select|button)\b[^>]*>/gi)) {
      const name = attr(tag[0], "name");
      if (!name) continue;
      const kind = tag[1]!.toLowerCase();
      const type = (attr(tag[0], "type") ?? (kind === "button" ? "submit" : "text")).toLowerCase();
      const value = attr(tag[0], "value") ?? "";
      if (type === "submit") submits.push({ name, value, text: false });
      else if (type === "file") continue;
      else if ((type === "checkbox" || type === "radio") && !/\schecked/.test(tag[0])) continue;
      else
        fields.push({
          name,
          value: value || "x",
          text: !["hidden", "checkbox", "radio"].includes(type),
        });
    }
    const multipart = /multipart\/form-data/i.test(head);
    if (submits.length === 0) out.push({ page, action, multipart, fields });
    for (const submit of submits) out.push({ page, action, multipart, fields, submit });
  }
  return out;
}

async function send(
  jar: CookieJar,
  path: string,
  body: BodyInit | null,
  label: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const url = new URL(path, site.app.url).href;
  const res = await fetch(url, {
    method: body === null ? "GET" : "POST",
    headers: { cookie: jar.header(url), ...headers },
    body,
    redirect: "manual",
  });
  await res.body?.cancel();
  counts.requests++;
  if (res.status >= 500) {
    counts.fiveHundreds++;
    failures.push(`${label}: ${res.status}`);
  }
  return res.status;
}

const NUL = "a\u0000b\u0001c\u001bd";

/** The cases for one form: each field NUL'd, oversized and doubled; the whole form empty, as JSON, as multipart. */
async function fuzzForm(jar: CookieJar, form: FoundForm) {
  counts.forms++;
  const base = (): [string, string][] => [
    ...form.fields.map((f): [string, string] => [f.name, f.value]),
    ...(form.submit ? [[form.submit.name, form.submit.value] as [string, string]] : []),
  ];
  const encode = (pairs: [string, string][]) => new URLSearchParams(pairs);
  const label = `${form.page} → ${form.action}${form.submit ? ` (${form.submit.value})` : ""}`;
  await site.testDb.db.delete(rateLimits);
  for (const field of form.fields) {
    counts.fields++;
    const nul = base().map(([k, v]): [string, string] => [k, k === field.name ? `${v}${NUL}` : v]);
    await send(jar, form.action, encode(nul), `${label} ${field.name}=NUL`);
    if (field.text) {
      const huge = base().map(([k, v]): [string, string] => [
        k,
        k === field.name ? "a".repeat(300_000) : v,
      ]);
      await send(jar, form.action, encode(huge), `${label} ${field.name}=300KB`);
    }
    const doubled = [...base(), [field.name, "[object Object]"] as [string, string]];
    await send(jar, form.action, encode(doubled), `${label} ${field.name} twice`);
  }
  await send(jar, form.action, encode([]), `${label} empty`);
  await send(jar, form.action, JSON.stringify(Object.fromEntries(base())), `${label} as JSON`, {
    "content-type": "application/json",
  });
  const multipart = new FormData();
  for (const [k, v] of base()) multipart.append(k, `${v}${NUL}`);
  await send(jar, form.action, multipart, `${label} multipart NUL`);
}

async function seed() {
  const db = site.testDb.db;
  const admin = await signedInMember(site.app, db, { role: "admin" });
  const author = await createUser(db, { role: "mentor", profileCompleted: true });
  const post = await createPost(db, { authorId: author.id, slug: "fuzzed-post" });
  await createComment(db, { postId: post.id, authorId: author.id });
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  await site.app.auth.api.requestPasswordReset({ body: { email: author.email } });
  const resetToken = /reset-password\?token=([\w-]+)/.exec(site.app.mail.at(-1)?.text ?? "")?.[1];
  return { admin, author, post, categoryId: category?.id ?? "", resetToken };
}

describe("fuzz", () => {
  it("every form the site renders, as the roles that see them: no 500", async () => {
    const { author, post, categoryId, resetToken } = await seed();
    const pages: { path: string; role: "visitor" | "admin" }[] = [
      { path: "/login", role: "visitor" },
      { path: "/signup", role: "visitor" },
      { path: "/forgot-password", role: "visitor" },
      { path: "/resend-verification", role: "visitor" },
      { path: "/verify-otp?email=someone%40example.com", role: "visitor" },
      { path: `/reset-password?token=${resetToken}`, role: "visitor" },
      { path: `/post/${post.slug}`, role: "admin" },
      { path: `/user/${author.username}`, role: "admin" },
      { path: "/edit-profile", role: "admin" },
      { path: "/notifications", role: "admin" },
      { path: "/create-post", role: "admin" },
      { path: `/edit-post/${post.slug}`, role: "admin" },
      { path: "/my-posts", role: "admin" },
      { path: "/admin", role: "admin" },
      { path: "/admin?tab=users", role: "admin" },
      { path: "/admin?tab=posts", role: "admin" },
      { path: "/admin?tab=categories", role: "admin" },
      { path: "/admin?tab=notifications", role: "admin" },
      { path: `/admin/categories/${categoryId}`, role: "admin" },
      { path: "/admin/site-settings", role: "admin" },
      { path: "/admin/banned-words", role: "admin" },
      { path: "/admin/redirects", role: "admin" },
      { path: "/admin/reports", role: "admin" },
      { path: "/cookie-policy", role: "visitor" },
    ];
    const seen = new Set<string>();
    for (const page of pages) {
      // A fresh admin per page: a fuzzed form may sign out, or change the admin's own row.
      const jar =
        page.role === "admin"
          ? (await signedInMember(site.app, site.testDb.db, { role: "admin" })).jar
          : new CookieJar();
      const res = await site.get(jar, page.path);
      expect({ page: page.path, status: res.status }).toEqual({ page: page.path, status: 200 });
      for (const form of formsOf(page.path, await res.text())) {
        const key = `${form.action} ${form.submit?.value ?? ""} ${form.fields.map((f) => f.name).join()}`;
        if (seen.has(key) || form.action === "/logout") continue;
        seen.add(key);
        await fuzzForm(jar, form);
      }
    }
    console.log(
      `security/fuzz forms: ${[...seen].map((k) => k.split(" ").slice(0, 2).join(" ")).join(" | ")}`,
    );
    expect(counts.forms).toBeGreaterThanOrEqual(20);
    expect(failures).toEqual([]);
    // No control character reached the database.
    const db = site.testDb.db;
    const texts = [
      ...(await db.select({ t: posts.title }).from(posts)).map((r) => r.t),
      ...(await db.select({ t: profiles.fullName }).from(profiles)).map((r) => r.t ?? ""),
      ...(await db.select({ t: tags.name }).from(tags)).map((r) => r.t),
    ];
    // eslint-disable-next-line no-control-regex -- looking for control characters
    expect(texts.filter((t) => /[\u0000-\u0008\u001b]/.test(t))).toEqual([]);
  }, 240_000);

  it("the JSON endpoints and the logout form: no 500", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const bodies = [
      "",
      "null",
      "[]",
      "{",
      '"\\u0000"',
      JSON.stringify({ choice: `all${NUL}`, sessionId: NUL }),
      JSON.stringify({ url: `https://example.com/${NUL}` }),
      JSON.stringify({ url: ["https://example.com/"] }),
      JSON.stringify({ url: "a".repeat(300_000) }),
      JSON.stringify({ level: "error", message: NUL, timestamp: new Date().toISOString() }),
    ];
    for (const path of [
      "/api/consent",
      "/api/metadata",
      "/api/logs",
      "/api/comments",
      "/api/favorites",
      "/api/reports",
      "/api/uploads",
    ]) {
      for (const body of bodies) {
        await send(mentor.jar, path, body, `${path} ${body.slice(0, 30)}`, {
          "content-type": "application/json",
        });
      }
    }
    await send(mentor.jar, "/logout", new URLSearchParams({ x: NUL }), "/logout NUL");
    expect(failures).toEqual([]);
  });

  it("route parameters and queries of the GET pages: no 500, control characters refused", async () => {
    const { admin } = await seed();
    const values = [
      "%00",
      "%0A",
      "%",
      "%E0%A4%A",
      "%FF",
      "'",
      "%3Cscript%3E",
      "..%2F..%2Fetc",
      "a".repeat(4000),
    ];
    const templates = [
      "/post/X",
      "/user/X",
      "/categories/X",
      "/categories/X/rss.xml",
      "/search?q=X",
      "/uploads/X",
      "/edit-post/X",
      "/verify-otp?email=X",
      "/reset-password?token=X",
      "/login?redirectTo=X&error=X",
      "/admin?tab=X&page=X&q=X",
      "/admin/categories/X",
      "/api/posts/next?after=X&category=X",
      "/X",
    ];
    for (const jar of [new CookieJar(), admin.jar]) {
      for (const template of templates) {
        for (const value of values) {
          const path = template.replaceAll("X", value);
          const status = await send(jar, path, null, `GET ${path.slice(0, 80)}`);
          if (/%(00|0A)/.test(value)) expect({ path, status }).toEqual({ path, status: 400 });
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("tags", () => {
  it("a 400 KB tag, and a 21st tag, are refused with the form's message, not a 500", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const post = (fields: Record<string, string>) =>
      site.post(mentor.jar, "/create-post", { title: "Tagged", intent: "draft", ...fields });
    const huge = await post({ tags: "a".repeat(400_000) });
    expect(huge.status).toBe(400);
    expect(await site.text(huge)).toContain(TAG_MESSAGES.tooLong);
    const many = await post({
      tags: Array.from({ length: TAG_LIMITS.maxCount + 1 }, (_, i) => `tag${i}`).join(","),
    });
    expect(many.status).toBe(400);
    expect(await site.text(many)).toContain(TAG_MESSAGES.tooMany);
    const fine = await post({ tags: "visa, uk expansion" });
    expect(fine.status).toBe(302);
    expect((await site.testDb.db.select().from(tags)).map((t) => t.name).sort()).toEqual([
      "uk expansion",
      "visa",
    ]);
  });
});
