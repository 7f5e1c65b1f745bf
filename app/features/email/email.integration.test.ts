/**
 * docs/decisions/0126, docs/decisions/0125 end to end: preferences saved over HTTP, a notification
 * e-mailed through the job queue to a real SMTP server (headers, both parts,
 * the unsubscribe link), and the one-click unsubscribe (GET asks, POST turns
 * off exactly that type; again: nothing more; forged: nothing).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationPreferences, notifications } from "#server/db/schema";
import { JobQueue } from "#server/jobs/queue";
import { createLogger } from "#server/logger";
import { createMailer } from "#server/mail";
import { CookieJar, TEST_SECRET } from "#tests/support/http-app";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink";
import { createUser } from "#tests/support/factories";
import {
  getPreferences,
  readUnsubscribeToken,
  unsubscribeToken,
} from "~/features/email-preferences/preferences.server";
import { notifyFollow } from "~/features/notifications/notify.server";
import { loadDigestSettings } from "./digest-settings.server";
import { startEmailJobs } from "./jobs.server";

const site = siteOverHttpForThisFile();
let smtp: SmtpSink;
let worker: JobQueue;

beforeAll(async () => {
  smtp = await startSmtpSink();
  const log = createLogger("silent");
  worker = new JobQueue(site.testDb.handle.queueBackend, log, {
    work: true,
    concurrency: 2,
    pollingSeconds: 0.5,
  });
  await worker.start();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: "FounderBridge <no-reply@founderbridge.test>",
    dataDir: "/nonexistent",
    log,
  });
  await startEmailJobs(worker, log, {
    get db() {
      return site.testDb.db;
    },
    mailer: () => mailer,
    site: () =>
      Promise.resolve({
        name: "FounderBridge",
        url: site.app.url,
        secret: TEST_SECRET,
        timeZone: "Europe/London",
      }),
  });
});
afterAll(async () => {
  await worker?.stop(2_000);
  await smtp?.close();
});

async function until<T>(check: () => T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ALL_FIELDS = {
  reply: "email",
  mention: "email",
  comment: "app",
  new_post: "digest",
  follow: "app",
  approval: "email",
  promotion: "app",
  broadcast: "email",
  digest: "email",
};

describe("notification settings", () => {
  it("shows the defaults, saves every choice, refuses a bad one keeping the rest", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    const page = await site.get(member.jar, "/settings/notifications");
    expect(page.status).toBe(200);
    const html = await site.text(page);
    expect(html).toContain("Notification settings");
    // Defaults: replies and mentions by e-mail, new posts in the digest.
    expect(html).toMatch(/id="reply-email"[^>]*checked/);
    expect(html).toMatch(/id="mention-email"[^>]*checked/);
    expect(html).toMatch(/id="new_post-digest"[^>]*checked/);
    expect(html).toMatch(/id="comment-app"[^>]*checked/);

    const saved = await site.post(member.jar, "/settings/notifications", {
      ...ALL_FIELDS,
      comment: "email",
      reply: "off",
      digest: "off",
    });
    expect(saved.status).toBe(200);
    expect(await site.text(saved)).toContain("Notification settings saved");
    const prefs = await getPreferences(site.testDb.db, member.id);
    expect(prefs).toMatchObject({ comment: "email", reply: "off", digest: "off" });

    const refused = await site.post(member.jar, "/settings/notifications", {
      ...ALL_FIELDS,
      mention: "off",
      reply: "pigeon",
    });
    expect(refused.status).toBe(400);
    const body = await site.text(refused);
    expect(body).toContain("Choose one of the options");
    // What was typed is kept.
    expect(body).toMatch(/id="mention-off"[^>]*checked/);
    expect((await getPreferences(site.testDb.db, member.id)).mention).toBe("email");
  });

  it("sends visitors to sign in and pending members to wait", async () => {
    const visitor = await site.get(new CookieJar(), "/settings/notifications");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
    const pending = await signedInMember(site.app, site.testDb.db, { status: "pending" });
    const answer = await site.post(pending.jar, "/settings/notifications", ALL_FIELDS);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/pending-approval");
    const rows = await site.testDb.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, pending.id));
    expect(rows).toHaveLength(0);
  });
});

describe("the job queue on /health", () => {
  it("admins see pending and failed jobs and retry the failed ones; others see the spec's page", async () => {
    const db = site.testDb.db;
    const admin = await signedInMember(site.app, db, { role: "admin" });
    const member = await signedInMember(site.app, db);
    // A failed job, as pg-boss keeps one after its last try.
    const id = await site.app.jobs.send("mail", {
      kind: "notification",
      notificationId: "x",
      userId: "x",
    });
    await db.execute(sql`UPDATE pgboss.job SET state = 'failed' WHERE id = ${id}::uuid`);
    const seen = await site.text(await site.get(admin.jar, "/health"));
    expect(seen).toContain("Job queue");
    expect(seen).toMatch(/Failed<\/dt><dd[^>]*>1</);
    expect(seen).toContain("Retry failed jobs");
    expect(await site.text(await site.get(member.jar, "/health"))).not.toContain("Job queue");
    expect(await site.text(await site.get(new CookieJar(), "/health"))).not.toContain("Job queue");
    // A member's POST retries nothing.
    await site.post(member.jar, "/health", {});
    expect((await site.app.jobs.state()).failed).toBe(1);
    const retried = await site.post(admin.jar, "/health", {});
    expect(retried.status).toBe(302);
    expect(retried.headers.get("location")).toBe("/health?retried=1");
    expect((await site.app.jobs.state()).failed).toBe(0);
    await db.execute(sql`DELETE FROM pgboss.job WHERE id = ${id}::uuid`);
  });
});

describe("the digest's day and time", () => {
  it("admins set them; a bad time is refused and kept", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const page = await site.get(admin.jar, "/admin/email");
    expect(page.status).toBe(200);
    expect(await site.text(page)).toContain("Europe/London");
    const bad = await site.post(admin.jar, "/admin/email", {
      enabled: "on",
      day: "3",
      time: "25:00",
    });
    expect(bad.status).toBe(400);
    const body = await site.text(bad);
    expect(body).toContain("Enter a time as HH:MM, from 00:00 to 23:59");
    expect(body).toContain('value="25:00"');
    const ok = await site.post(admin.jar, "/admin/email", { day: "3", time: "18:30" });
    expect(ok.status).toBe(200);
    expect(await loadDigestSettings(site.testDb.db)).toMatchObject({
      enabled: false,
      day: 3,
      time: "18:30",
    });
    const member = await signedInMember(site.app, site.testDb.db);
    const refused = await site.post(member.jar, "/admin/email", { day: "1", time: "08:00" });
    expect(refused.status).toBe(302);
    expect((await loadDigestSettings(site.testDb.db)).day).toBe(3);
  });
});

describe("a broadcast by e-mail", () => {
  it("reaches the filtered members who take announcements by e-mail, once each", async () => {
    const db = site.testDb.db;
    const admin = await signedInMember(site.app, db, { role: "admin" });
    const asha = await createUser(db);
    const ravi = await createUser(db);
    const quiet = await createUser(db);
    const pending = await createUser(db, { status: "pending" });
    await db
      .insert(notificationPreferences)
      .values({ userId: quiet.id, type: "broadcast", channel: "app" });
    const before = smtp.received.length;
    const fields = {
      intent: "broadcast",
      title: "Office hours on Friday",
      message: "Bring your pitch deck.",
      link: "/about",
      roleFilter: "all",
      statusFilter: "approved",
      email: "on",
    };
    // The same confirmation as before: nothing sent until confirmed.
    const asked = await site.post(admin.jar, "/admin?tab=notifications", fields);
    expect(await site.text(asked)).toContain("Also by e-mail.");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smtp.received.length).toBe(before);
    const sent = await site.post(admin.jar, "/admin?tab=notifications", {
      ...fields,
      confirmed: "1",
    });
    expect(sent.status).toBe(302);
    const expected = [admin.email, asha.email, ravi.email].sort();
    const mails = await until(() => {
      const got = smtp.received.slice(before);
      return got.length >= expected.length ? got : undefined;
    });
    await new Promise((r) => setTimeout(r, 1_500));
    const got = smtp.received.slice(before);
    expect(got.flatMap((m) => m.to).sort()).toEqual(expected);
    expect(got.map((m) => m.to[0])).not.toContain(quiet.email);
    expect(got.map((m) => m.to[0])).not.toContain(pending.email);
    const mail = mails[0]!;
    expect(mail.headers.get("subject")).toBe("Office hours on Friday");
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain("Bring your pitch deck.");
    expect(mail.html).toContain("Bring your pitch deck.");
  });
});

describe("the approval by e-mail (docs/decisions/0257)", () => {
  it("reaches the approved member once, through the queue, unless they turned it down", async () => {
    const db = site.testDb.db;
    const admin = await signedInMember(site.app, db, { role: "admin" });
    const priya = await createUser(db, { status: "pending", fullName: "Priya Pending" });
    const quiet = await createUser(db, { status: "pending" });
    await db
      .insert(notificationPreferences)
      .values({ userId: quiet.id, type: "approval", channel: "app" });
    const before = smtp.received.length;
    for (const who of [priya, quiet]) {
      const approved = await site.post(admin.jar, "/admin?tab=overview", {
        intent: "approve",
        userId: who.id,
      });
      expect(approved.status).toBe(302);
    }
    // Approving again is refused: no second e-mail either.
    const again = await site.post(admin.jar, "/admin?tab=overview", {
      intent: "approve",
      userId: priya.id,
    });
    expect(again.status).toBe(409);
    const mail = await until(() =>
      smtp.received.slice(before).find((m) => m.to.includes(priya.email)),
    );
    expect(mail.headers.get("subject")).toBe("Your account has been approved");
    expect(mail.text).toContain(
      "Welcome! You can now comment, like, save posts and follow mentors.",
    );
    expect(mail.html).toContain("Your account has been approved");
    // Time for a duplicate or the quiet member's mail to arrive, were either sent.
    await new Promise((r) => setTimeout(r, 2_000));
    const got = smtp.received.slice(before);
    expect(got.filter((m) => m.to.includes(priya.email))).toHaveLength(1);
    expect(got.filter((m) => m.to.includes(quiet.email))).toHaveLength(0);
    // The quiet member still has the notification in the app.
    const [inApp] = await db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, quiet.id));
    expect(inApp?.type).toBe("approval");
  });
});

describe("a notification by e-mail", () => {
  it("is delivered over SMTP with both parts and the one-click unsubscribe headers", async () => {
    const mentor = await createUser(site.testDb.db, { role: "mentor", fullName: "Meera Shah" });
    await site.testDb.db
      .insert(notificationPreferences)
      .values({ userId: mentor.id, type: "follow", channel: "email" });
    const before = smtp.received.length;
    await notifyFollow({ db: site.testDb.db, jobs: site.app.jobs }, mentor.id, {
      username: "ravi",
      fullName: "Ravi Kumar",
    });
    const mail = await until(() =>
      smtp.received.slice(before).find((m) => m.to.includes(mentor.email)),
    );
    expect(mail.headers.get("subject")).toBe("New follower");
    const listUnsubscribe = mail.headers.get("list-unsubscribe")!;
    expect(listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[^>]+>$/);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers.get("content-type")).toMatch(/multipart\/alternative/);
    expect(mail.text).toContain("Ravi Kumar (@ravi) started following you");
    expect(mail.html).toContain("Ravi Kumar (@ravi) started following you");
    expect(mail.html).toContain("#1d4ed8"); // the brand colour
    const link = listUnsubscribe.slice(1, -1);
    const htmlLink = link.replace(/&/g, "&amp;");
    expect(mail.html).toContain(`href="${htmlLink}"`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("source=email");

    // The link: GET only asks.
    const token = new URL(link).searchParams.get("token")!;
    expect(readUnsubscribeToken(TEST_SECRET, token)).toEqual({ userId: mentor.id, key: "follow" });
    const asked = await fetch(link);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Stop e-mails about new followers?");
    expect((await getPreferences(site.testDb.db, mentor.id)).follow).toBe("email");

    // The mail client's one-click POST: no cookie, no origin, the RFC's body.
    const oneClick = () =>
      fetch(link, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    const done = await oneClick();
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You will no longer get e-mails about new followers.");
    const after = await getPreferences(site.testDb.db, mentor.id);
    expect(after.follow).toBe("app");
    // Exactly that type: the others keep their values.
    expect(after).toMatchObject({ reply: "email", mention: "email", new_post: "digest" });
    // Again: the same answer, nothing more changes.
    expect((await oneClick()).status).toBe(200);
    expect(await getPreferences(site.testDb.db, mentor.id)).toEqual(after);

    // The next follow stays in the app.
    const count = smtp.received.length;
    await notifyFollow({ db: site.testDb.db, jobs: site.app.jobs }, mentor.id, {
      username: "asha",
      fullName: "Asha Rao",
    });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.received.length).toBe(count);
  });

  it("forged tokens do nothing", async () => {
    const member = await createUser(site.testDb.db);
    const other = await createUser(site.testDb.db);
    const good = unsubscribeToken(TEST_SECRET, member.id, "reply");
    const [v, id, type, mac] = good.split(".") as [string, string, string, string];
    const forged = [
      unsubscribeToken("another-secret-that-is-long-enough-000000", member.id, "reply"),
      `${v}.${Buffer.from(other.id).toString("base64url")}.${type}.${mac}`,
      `${v}.${id}.mention.${mac}`,
      `${v}.${id}.${type}.${mac.slice(0, -2)}AA`,
      "garbage",
      "",
    ];
    for (const token of forged) {
      expect(readUnsubscribeToken(TEST_SECRET, token)).toBeNull();
      const res = await fetch(`${site.app.url}/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      });
      expect(res.status).toBe(400);
      // The page's own headers: the token never leaves in a Referer, the answer is never kept.
      expect([res.headers.get("referrer-policy"), res.headers.get("cache-control")]).toEqual([
        "strict-origin-when-cross-origin, no-referrer",
        "no-store",
      ]);
      expect(await res.text()).toContain("This unsubscribe link is not valid.");
    }
    const rows = await site.testDb.db.select().from(notificationPreferences);
    expect(rows).toHaveLength(0);
  });

  it("off: nothing kept, nothing sent", async () => {
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    await site.testDb.db
      .insert(notificationPreferences)
      .values({ userId: mentor.id, type: "follow", channel: "off" });
    await notifyFollow({ db: site.testDb.db, jobs: site.app.jobs }, mentor.id, {
      username: "ravi",
      fullName: null,
    });
    const kept = await site.testDb.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mentor.id), eq(notifications.type, "follow")));
    expect(kept).toHaveLength(0);
  });
});
