/**
 * Webhooks (docs/operations.md#content-api): configured by admins only on /admin/webhooks;
 * post.published, post.updated, post.deleted and member.approved enqueue a
 * job per subscribed webhook (retried with backoff by the queue); a
 * delivery is signed with HMAC-SHA256, logged with its answer, retried on a
 * failure, and refused (logged, not retried) for internal addresses.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, WEBHOOK_EVENTS, webhookDeliveries, webhooks } from "#server/db/schema";
import type { WebhookJob } from "#server/webhooks/emit";
import { CookieJar } from "#tests/support/http-app";
import { createPost, createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { runUserAction } from "~/features/admin/users.server";
import { deletePost, savePost } from "~/features/authoring/save-post.server";
import { announceNewPosts } from "~/features/notifications/new-posts.server";
import { deliverWebhook, WebhookDeliveryFailed } from "./deliver.server";
import { WEBHOOK_EVENT_NAMES } from "./events";
import { SIGNATURE_HEADER, verifyWebhookSignature } from "./signature";
import { WEBHOOK_MESSAGES } from "./webhooks-page.server";
import { at } from "#tests/support/json";

const site = siteOverHttpForThisFile();
const LOCAL = { allowAddresses: ["127.0.0.1"] };

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let answerStatus = 200;
let receiver: http.Server;
let hookUrl: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answerStatus, { "Content-Type": "text/plain" });
      res.end(answerStatus === 200 ? "thanks" : "receiver broke");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
afterEach(async () => {
  received.length = 0;
  answerStatus = 200;
  await site.testDb.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'webhook'`);
});

async function webhookJobs() {
  const { rows } = (await site.testDb.db.execute(
    sql`SELECT data, retry_limit, retry_backoff FROM pgboss.job WHERE name = 'webhook' ORDER BY created_on`,
  )) as { rows: { data: WebhookJob; retry_limit: number; retry_backoff: boolean }[] };
  return rows;
}

/** A public address that does not resolve here: accepted when saved, checked again at delivery. */
const PUBLIC_HOOK_URL = "https://hooks.example/founderbridge";

/**
 * Adds a webhook through the page, then points it at the local receiver in the
 * database (the page refuses 127.0.0.1; the deliveries here allow it, LOCAL).
 */
async function addWebhook(events: string[]) {
  const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
  const body = new URLSearchParams({ intent: "create", url: PUBLIC_HOOK_URL });
  for (const event of events) body.append("events", event);
  const res = await fetch(`${site.app.url}/admin/webhooks`, {
    method: "POST",
    body,
    headers: { cookie: admin.jar.header(site.app.url) },
    redirect: "manual",
  });
  expect(res.status).toBe(200);
  const [hook] = await site.testDb.db.update(webhooks).set({ url: hookUrl }).returning();
  return { admin, hook: hook! };
}

describe("the webhooks page", () => {
  it("lists the same events as the schema", () => {
    expect([...WEBHOOK_EVENT_NAMES]).toEqual([...WEBHOOK_EVENTS]);
  });

  it("lets admins only add a webhook, audited, and refuses a bad URL or no event keeping what was typed", async () => {
    for (const role of ["user", "mentor"] as const) {
      const member = await signedInMember(site.app, site.testDb.db, { role });
      const res = await site.post(member.jar, "/admin/webhooks", {
        intent: "create",
        url: hookUrl,
        events: "post.published",
      });
      expect(res.status).not.toBe(200);
    }
    const visitor = await site.post(new CookieJar(), "/admin/webhooks", {
      intent: "create",
      url: hookUrl,
      events: "post.published",
    });
    expect(visitor.status).not.toBe(200);
    expect(await site.testDb.db.select().from(webhooks)).toEqual([]);

    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const bad = await site.post(admin.jar, "/admin/webhooks", {
      intent: "create",
      url: "ftp://x.example/y",
      events: "post.published",
    });
    expect(bad.status).toBe(400);
    const html = await site.text(bad);
    expect(html).toContain("Please enter a valid http(s) URL");
    expect(html).toContain('value="ftp://x.example/y"');
    const none = await site.post(admin.jar, "/admin/webhooks", { intent: "create", url: hookUrl });
    expect(none.status).toBe(400);
    expect(await site.text(none)).toContain("Please choose at least one event");

    // Internal addresses: refused when saved, beside the field, with what was typed.
    for (const internal of [
      hookUrl,
      "http://localhost:8080/hook",
      "http://10.0.0.5/hook",
      "http://[::1]/hook",
      "http://169.254.169.254/latest/meta-data",
    ]) {
      const refused = await site.post(admin.jar, "/admin/webhooks", {
        intent: "create",
        url: internal,
        events: "post.published",
      });
      expect([internal, refused.status]).toEqual([internal, 400]);
      const page = await site.text(refused);
      expect(page).toContain(WEBHOOK_MESSAGES.internal);
      expect(page).toContain('aria-describedby="webhook-url-error"');
      expect(page).toContain(`value="${internal}"`);
    }
    expect(await site.testDb.db.select().from(webhooks)).toEqual([]);

    const { hook } = await addWebhook(["post.published", "member.approved"]);
    expect(hook.events).toEqual(["post.published", "member.approved"]);
    expect(hook.secret).toMatch(/^whsec_/);
    const audit = await site.testDb.db.select({ action: adminAuditLog.action }).from(adminAuditLog);
    expect(audit.map((a) => a.action)).toContain("webhook.create");
  });
});

describe("webhook events and deliveries", () => {
  it("enqueues the subscribed events only, with retries and backoff", async () => {
    const { admin, hook } = await addWebhook(["post.published", "post.deleted", "member.approved"]);
    const db = site.testDb.db;
    const author = await createUser(db, { role: "mentor" });
    const post = await createPost(db, { authorId: author.id, slug: "fresh-post" });
    expect(await announceNewPosts({ db, jobs: site.app.jobs }, { postId: post.id })).toBe(1);
    const pending = await createUser(db, { status: "pending" });
    const adminActor = { id: admin.id, role: "admin" as const, status: "approved" as const };
    expect((await runUserAction(db, adminActor, "approve", pending.id)).ok).toBe(true);
    const draft = await createPost(db, { authorId: author.id, status: "draft", publishedAt: null });
    await deletePost(db, adminActor, draft.id); // a draft was never public: no event
    await deletePost(db, adminActor, post.id);

    const jobs = await webhookJobs();
    expect(jobs.map((j) => j.data.event)).toEqual([
      "post.published",
      "member.approved",
      "post.deleted",
    ]);
    for (const job of jobs) {
      expect(job.data.webhookId).toBe(hook.id);
      expect(job.retry_limit).toBeGreaterThan(0);
      expect(job.retry_backoff).toBe(true);
    }
    const published: unknown = JSON.parse(jobs[0]!.data.body);
    expect(published).toMatchObject({
      event: "post.published",
      data: { post: { id: post.id, slug: "fresh-post" } },
    });
    expect(at(JSON.parse(jobs[1]!.data.body), "data", "member", "username")).toBe(pending.username);
  });

  it("sends post.published at the first publication and post.updated at later saves, not at autosaves", async () => {
    await addWebhook(["post.published", "post.updated"]);
    const db = site.testDb.db;
    const mentor = await createUser(db, { role: "mentor" });
    const actor = { id: mentor.id, role: "mentor" as const, status: "approved" as const };
    const draft = await savePost(db, actor, { title: "Plans", intent: "draft" });
    if (!draft.ok) throw new Error(draft.error);
    expect(await webhookJobs()).toEqual([]);
    const id = draft.post.id;
    expect((await savePost(db, actor, { id, title: "Plans", intent: "publish" })).ok).toBe(true);
    expect((await savePost(db, actor, { id, title: "Plans, again", intent: "publish" })).ok).toBe(
      true,
    );
    expect((await savePost(db, actor, { id, title: "Plans, typing", intent: "autosave" })).ok).toBe(
      true,
    );
    const jobs = await webhookJobs();
    expect(jobs.map((j) => j.data.event)).toEqual(["post.published", "post.updated"]);
    expect(at(JSON.parse(jobs[1]!.data.body), "data", "post")).toMatchObject({
      id,
      title: "Plans, again",
    });
  });

  it("signs each delivery with HMAC-SHA256 and logs the answer; a failure throws for a retry", async () => {
    const { hook } = await addWebhook(["member.approved"]);
    const job: WebhookJob = {
      webhookId: hook.id,
      event: "member.approved",
      body: JSON.stringify({ event: "member.approved", data: { member: { username: "asha" } } }),
    };
    await deliverWebhook(site.testDb.db, job, 1, LOCAL);
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.body).toBe(job.body);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["x-founderbridge-event"]).toBe("member.approved");
    const signature = got.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(verifyWebhookSignature(signature, got.body, hook.secret)).toBe(true);
    expect(verifyWebhookSignature(signature, got.body, "another secret")).toBe(false);

    answerStatus = 500;
    await expect(deliverWebhook(site.testDb.db, job, 2, LOCAL)).rejects.toThrow(
      WebhookDeliveryFailed,
    );
    const log = await site.testDb.db
      .select({
        attempt: webhookDeliveries.attempt,
        statusCode: webhookDeliveries.statusCode,
        response: webhookDeliveries.response,
        ok: webhookDeliveries.ok,
      })
      .from(webhookDeliveries)
      .orderBy(webhookDeliveries.attempt);
    expect(log).toEqual([
      { attempt: 1, statusCode: 200, response: "thanks", ok: true },
      { attempt: 2, statusCode: 500, response: "receiver broke", ok: false },
    ]);
  });

  it("refuses internal addresses (logged, not retried) and sends nothing", async () => {
    const { hook } = await addWebhook(["post.deleted"]);
    const job: WebhookJob = { webhookId: hook.id, event: "post.deleted", body: "{}" };
    // Production passes no allowance: the receiver on 127.0.0.1 is internal.
    await expect(deliverWebhook(site.testDb.db, job, 1)).resolves.toBeUndefined();
    expect(received).toHaveLength(0);
    const [row] = await site.testDb.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({
      ok: false,
      statusCode: null,
      response: "This address is not allowed",
    });
  });

  it("shows the latest deliveries on the page and deletes a webhook with its log", async () => {
    const { admin, hook } = await addWebhook(["post.updated"]);
    await deliverWebhook(
      site.testDb.db,
      { webhookId: hook.id, event: "post.updated", body: "{}" },
      1,
      LOCAL,
    );
    const page = await site.text(await site.get(admin.jar, "/admin/webhooks"));
    expect(page).toContain(hookUrl);
    expect(page).toContain(hook.secret);
    expect(page).toContain("thanks");
    const del = await site.post(admin.jar, "/admin/webhooks", { intent: "delete", id: hook.id });
    expect(del.status).toBe(200);
    expect(await site.testDb.db.select().from(webhooks)).toEqual([]);
    expect(await site.testDb.db.select().from(webhookDeliveries)).toEqual([]);
  });
});
