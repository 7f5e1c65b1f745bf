/**
 * Reports (docs/decisions/0122) for every role: who may report
 * (approved users, mentors, admins; not visitors, pending or blocked), once
 * per item, the rate limit, a comment hidden at three distinct reporters
 * (readers do not see it; its author and admins do), the admin's Dismiss
 * (shows it again) and Delete (asks first), admins only, each audited; the
 * admin nav's open count; over HTTP, /api/reports and /admin/reports.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminAuditLog, comments, posts, rateLimits, reports } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { Forbidden } from "~/features/accounts/permissions.server";
import { runReportsAction } from "~/features/admin/reports-page.server";
import { listComments } from "~/features/comments/comments.server";
import { browse, startTestApp, type TestApp } from "#tests/support/http-app";
import { createComment, createPost, createUser } from "#tests/support/factories";
import { roleJars, signedInMember } from "#tests/support/signed-in";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { HIDE_AT_REPORTS, REPORT_MESSAGES } from "./report-rules";
import {
  createReport,
  dismissReports,
  listOpenReports,
  openReportCount,
  REPORT_LIMIT,
} from "./reports.server";

const testDb = testDatabaseForThisFile();
const db = () => testDb.db;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ testDb });
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

async function actor(role: Actor["role"] = "user", status: Actor["status"] = "approved") {
  const u = await createUser(db(), { role, status });
  return { id: u.id, role, status } satisfies Actor;
}

async function scene() {
  const mentor = await actor("mentor");
  const writer = await actor();
  const post = await createPost(db(), { authorId: mentor.id, title: "Visas explained" });
  const comment = await createComment(db(), {
    postId: post.id,
    authorId: writer.id,
    content: "Buy cheap followers at example.test",
  });
  return { mentor, writer, post, comment };
}

const audit = (action: string) =>
  db().select().from(adminAuditLog).where(eq(adminAuditLog.action, action));

describe("reporting", () => {
  it("approved users, mentors and admins may; visitors, pending and blocked may not", async () => {
    const { post, comment } = await scene();
    for (const [who, status] of [
      [null, 403],
      [await actor("user", "pending"), 403],
      [await actor("user", "blocked"), 403],
      [await actor("mentor", "blocked"), 403],
    ] as const) {
      expect(
        await createReport(db(), who, { kind: "comment", id: comment.id, reason: "spam" }),
      ).toMatchObject({ ok: false, status, error: REPORT_MESSAGES.forbidden });
    }
    for (const role of ["user", "mentor", "admin"] as const) {
      expect(
        await createReport(db(), await actor(role), { kind: "post", id: post.id, reason: "other" }),
      ).toEqual({ ok: true, hidden: false });
    }
    expect(await db().select().from(reports)).toHaveLength(3);
  });

  it("once per member and item; a second report answers clearly and adds nothing", async () => {
    const { comment, post } = await scene();
    const asha = await actor();
    const first = { kind: "comment", id: comment.id, reason: "spam", details: " Link farm " };
    expect(await createReport(db(), asha, first)).toMatchObject({ ok: true });
    expect(await createReport(db(), asha, { ...first, reason: "abuse" })).toEqual({
      ok: false,
      status: 409,
      error: REPORT_MESSAGES.already,
    });
    // The post is another item.
    expect(
      await createReport(db(), asha, { kind: "post", id: post.id, reason: "spam" }),
    ).toMatchObject({
      ok: true,
    });
    const rows = await db().select().from(reports).where(eq(reports.reporterId, asha.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.commentId)!.details).toBe("Link farm");
  });

  it("refuses bad input, one's own item and items that are gone, with clear messages", async () => {
    const { comment, writer, post } = await scene();
    const asha = await actor();
    expect(
      await createReport(db(), asha, { kind: "comment", id: comment.id, reason: "rude" }),
    ).toMatchObject({ ok: false, status: 400, error: REPORT_MESSAGES.badReason, field: "reason" });
    expect(
      await createReport(db(), asha, {
        kind: "comment",
        id: comment.id,
        reason: "other",
        details: "x".repeat(501),
      }),
    ).toMatchObject({ ok: false, status: 400, error: REPORT_MESSAGES.tooLong, field: "details" });
    expect(
      await createReport(db(), writer, { kind: "comment", id: comment.id, reason: "spam" }),
    ).toMatchObject({ ok: false, status: 400, error: REPORT_MESSAGES.own });
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-00000000abcd"]) {
      expect(await createReport(db(), asha, { kind: "post", id, reason: "spam" })).toMatchObject({
        ok: false,
        status: 404,
      });
    }
    await db().update(posts).set({ status: "draft" }).where(eq(posts.id, post.id));
    expect(
      await createReport(db(), asha, { kind: "post", id: post.id, reason: "spam" }),
    ).toMatchObject({ ok: false, status: 404, error: REPORT_MESSAGES.notFound });
  });

  it("is rate-limited per member", async () => {
    const asha = await actor();
    const mentor = await actor("mentor");
    const results = [];
    for (let i = 0; i <= REPORT_LIMIT.max; i++) {
      const post = await createPost(db(), { authorId: mentor.id });
      results.push(await createReport(db(), asha, { kind: "post", id: post.id, reason: "spam" }));
    }
    expect(results.slice(0, REPORT_LIMIT.max).every((r) => r.ok)).toBe(true);
    expect(results.at(-1)).toEqual({
      ok: false,
      status: 429,
      error: REPORT_MESSAGES.rateLimited,
    });
  });
});

describe("hiding at three reports", () => {
  it("hides a comment at three distinct members' reports, from readers only; dismissing brings it back", async () => {
    const { comment, writer, post } = await scene();
    const admin = await actor("admin");
    const reporters = [await actor(), await actor("mentor"), await actor()];
    const shown = async (viewer: Actor | null) =>
      (await listComments(db(), post.id, viewer)).comments.map((c) => [c.id, c.hidden]);

    for (const [i, r] of reporters.entries()) {
      const result = await createReport(db(), r, {
        kind: "comment",
        id: comment.id,
        reason: "spam",
      });
      expect(result).toEqual({ ok: true, hidden: i + 1 >= HIDE_AT_REPORTS });
    }
    expect(await shown(null)).toEqual([]);
    expect(await shown(reporters[0]!)).toEqual([]);
    expect(await shown(writer)).toEqual([[comment.id, true]]);
    expect(await shown(admin)).toEqual([[comment.id, true]]);
    expect((await listComments(db(), post.id, null)).total).toBe(0);

    expect(await openReportCount(db(), admin)).toBe(3);
    const [item] = await listOpenReports(db(), admin);
    expect(item).toMatchObject({ kind: "comment", id: comment.id, hidden: true });
    expect(item!.reports).toHaveLength(3);

    expect(await dismissReports(db(), admin, "comment", comment.id)).toEqual({ ok: true });
    expect(await shown(null)).toEqual([[comment.id, false]]);
    expect(await openReportCount(db(), admin)).toBe(0);
    expect(await audit("report.dismiss")).toMatchObject([
      { actorId: admin.id, targetType: "comment", targetId: comment.id, details: { reports: 3 } },
    ]);
    // Dismissed twice: nothing left to decide.
    expect(await dismissReports(db(), admin, "comment", comment.id)).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("two reports do not hide; the same member cannot make three", async () => {
    const { comment, post } = await scene();
    const asha = await actor();
    await createReport(db(), asha, { kind: "comment", id: comment.id, reason: "spam" });
    await createReport(db(), asha, { kind: "comment", id: comment.id, reason: "abuse" });
    await createReport(db(), await actor(), { kind: "comment", id: comment.id, reason: "spam" });
    expect((await listComments(db(), post.id, null)).comments).toHaveLength(1);
  });
});

describe("the admin's decisions", () => {
  it("only admins list, count, dismiss and delete", async () => {
    const { comment } = await scene();
    await createReport(db(), await actor(), { kind: "comment", id: comment.id, reason: "spam" });
    for (const who of [
      null,
      await actor(),
      await actor("mentor"),
      await actor("admin", "pending"),
      await actor("admin", "blocked"),
    ]) {
      await expect(listOpenReports(db(), who)).rejects.toBeInstanceOf(Forbidden);
      await expect(openReportCount(db(), who)).rejects.toBeInstanceOf(Forbidden);
      await expect(dismissReports(db(), who, "comment", comment.id)).rejects.toBeInstanceOf(
        Forbidden,
      );
    }
    const [open] = await db().select().from(reports);
    expect(open!.status).toBe("open");
  });

  it("deleting a reported comment asks first, closes its reports and is audited", async () => {
    const { comment } = await scene();
    const admin = await actor("admin");
    await createReport(db(), await actor(), { kind: "comment", id: comment.id, reason: "abuse" });
    const form = { intent: "delete", kind: "comment", id: comment.id, confirmed: "" };
    expect(await runReportsAction({ db: db() }, admin, form)).toMatchObject({
      ok: true,
      confirmStep: { question: REPORT_MESSAGES.deleteCommentQuestion },
    });
    const [still] = await db().select().from(comments).where(eq(comments.id, comment.id));
    expect(still!.isDeleted).toBe(false);
    expect(await runReportsAction({ db: db() }, admin, { ...form, confirmed: "1" })).toEqual({
      ok: true,
      redirect: "/admin/reports?done=comment-deleted",
    });
    const [gone] = await db().select().from(comments).where(eq(comments.id, comment.id));
    expect(gone!.isDeleted).toBe(true);
    expect((await db().select().from(reports)).map((r) => r.status)).toEqual(["actioned"]);
    expect(await audit("comment.delete")).toMatchObject([
      { actorId: admin.id, targetType: "comment", targetId: comment.id },
    ]);
  });

  it("deleting a reported post removes it and its reports; recorded as the admin's post delete", async () => {
    const { post } = await scene();
    const admin = await actor("admin");
    await createReport(db(), await actor(), { kind: "post", id: post.id, reason: "off_topic" });
    const form = { intent: "delete", kind: "post", id: post.id, confirmed: "1" };
    expect(await runReportsAction({ db: db() }, admin, form)).toEqual({
      ok: true,
      redirect: "/admin/reports?done=post-deleted",
    });
    expect(await db().select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
    expect(await db().select().from(reports)).toEqual([]);
    expect(await audit("post.delete")).toMatchObject([{ targetId: post.id }]);
    expect(await runReportsAction({ db: db() }, admin, form)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("over HTTP", () => {
  it("/api/reports: visitors and blocked 401, pending 403, members 200 then 409", async () => {
    const { comment } = await scene();
    const jars = await roleJars({ app, testDb }, [
      "visitor",
      "pending",
      "blocked",
      "user",
      "mentor",
      "admin",
    ]);
    const send = (jar: (typeof jars)["user"]) =>
      browse(jar, `${app.url}/api/reports`, {
        method: "POST",
        body: new URLSearchParams({ kind: "comment", id: comment.id, reason: "spam" }),
      });
    const expected = {
      visitor: 401,
      blocked: 401,
      pending: 403,
      user: 200,
      mentor: 200,
      admin: 200,
    };
    for (const [role, status] of Object.entries(expected)) {
      const res = await send(jars[role as keyof typeof jars]);
      expect([role, res.status]).toEqual([role, status]);
    }
    const again = await send(jars.user);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: REPORT_MESSAGES.already });
    // Three distinct members: hidden.
    const [row] = await db().select().from(comments).where(eq(comments.id, comment.id));
    expect(row!.isHidden).toBe(true);
  });

  it("/admin/reports: admins see the list and the badge; everyone else goes to /", async () => {
    const { comment } = await scene();
    await createReport(db(), await actor(), { kind: "comment", id: comment.id, reason: "spam" });
    const jars = await roleJars({ app, testDb }, [
      "visitor",
      "pending",
      "user",
      "mentor",
      "blocked",
    ]);
    for (const jar of Object.values(jars)) {
      const res = await browse(jar, `${app.url}/admin/reports`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      const post = await browse(jar, `${app.url}/admin/reports`, {
        method: "POST",
        body: new URLSearchParams({ intent: "dismiss", kind: "comment", id: comment.id }),
      });
      expect(post.status).toBe(302);
    }
    expect(
      await db()
        .select()
        .from(reports)
        .where(and(eq(reports.status, "open"))),
    ).toHaveLength(1);
    const admin = await signedInMember(app, db(), { role: "admin" });
    const html = await (await browse(admin.jar, `${app.url}/admin/reports`)).text();
    expect(html).toContain("Buy cheap followers at example.test");
    expect(html).toMatch(/data-testid="open-reports-badge"[^>]*>1/);
    const dismissed = await browse(admin.jar, `${app.url}/admin/reports`, {
      method: "POST",
      body: new URLSearchParams({ intent: "dismiss", kind: "comment", id: comment.id }),
    });
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get("location")).toBe("/admin/reports?done=dismissed");
    const after = await (await browse(admin.jar, `${app.url}/admin/reports?done=dismissed`)).text();
    expect(after).toContain(REPORT_MESSAGES.dismissed);
    expect(after).toContain(REPORT_MESSAGES.empty);
    expect(after).not.toContain("open-reports-badge");
  });
});
