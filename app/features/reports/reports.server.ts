/**
 * Reports (docs/decisions/0122). An approved member (user, mentor,
 * admin) reports a comment or a published post once, with a reason and
 * optional details; reports are rate-limited per member across instances
 * (the rate_limits table). A comment with HIDE_AT_REPORTS open reports (from
 * distinct members: one report per member and item) is hidden from readers
 * until an admin decides: dismissing shows it again, deleting removes it.
 * Each admin decision is audited in the same transaction; the post's cached
 * pages are dropped when what they show changes.
 */
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { hitLimit, type Limit } from "#server/auth/rate-limit";
import { comments, posts, profiles, reports } from "#server/db/schema";
import { can, type Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { recordAdminAction } from "~/features/audit/audit.server";
import { isUuid } from "~/lib/uuid";
import {
  HIDE_AT_REPORTS,
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASONS,
  type ReportKind,
  type ReportReason,
} from "./report-rules";

/** At most this many reports per member in ten minutes. */
export const REPORT_LIMIT: Limit = { windowMs: 10 * 60_000, max: 10 };

type Executor = Pick<Database, "insert" | "select" | "update" | "execute">;

export const reportInput = z.object({
  kind: z.enum(["comment", "post"], REPORT_MESSAGES.notFound),
  id: z.string().refine(isUuid, REPORT_MESSAGES.notFound),
  reason: z.enum(REPORT_REASONS, REPORT_MESSAGES.badReason),
  details: z
    .string()
    .transform((v) => v.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(REPORT_DETAILS_MAX, REPORT_MESSAGES.tooLong))
    .optional()
    .default(""),
});
/** As typed: checked here. */
export type ReportInput = { kind: string; id: string; reason: string; details?: string | null };

export type ReportResult =
  | { ok: true; hidden: boolean }
  | { ok: false; status: 400 | 403 | 404 | 409 | 429 | 500; error: string; field?: string };

/** The cached pages of a post drop (decision 0104): it shows the comments. */
async function dropPostPage(db: Executor, postId: string) {
  await db.execute(sql`SELECT pg_notify('cache_invalidate', ${`posts|post:${postId}`})`);
}

/** The item reported, public and live: its post and its author. */
async function findTarget(db: Executor, kind: ReportKind, id: string) {
  if (kind === "comment") {
    const [row] = await db
      .select({ postId: comments.postId, authorId: comments.authorId })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(
        and(
          eq(comments.id, id),
          eq(comments.isDeleted, false),
          eq(posts.status, "published"),
          sql`${posts.publishedAt} <= now()`,
        ),
      );
    return row ?? null;
  }
  const [row] = await db
    .select({ postId: posts.id, authorId: posts.authorId })
    .from(posts)
    .where(
      and(eq(posts.id, id), eq(posts.status, "published"), sql`${posts.publishedAt} <= now()`),
    );
  return row ?? null;
}

export async function createReport(
  db: Database,
  actor: Actor | null | undefined,
  input: ReportInput,
): Promise<ReportResult> {
  if (!can(actor, "report.create")) {
    return { ok: false, status: 403, error: REPORT_MESSAGES.forbidden };
  }
  const parsed = reportInput.safeParse({ ...input, details: input.details ?? "" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "");
    return {
      ok: false,
      status: field === "id" || field === "kind" ? 404 : 400,
      error: issue.message,
      field,
    };
  }
  const { kind, id, reason, details } = parsed.data;
  const target = await findTarget(db, kind, id);
  if (!target) return { ok: false, status: 404, error: REPORT_MESSAGES.notFound };
  if (target.authorId === actor!.id) return { ok: false, status: 400, error: REPORT_MESSAGES.own };
  const limit = await hitLimit(db, `report:${actor!.id}`, REPORT_LIMIT);
  if (!limit.allowed) return { ok: false, status: 429, error: REPORT_MESSAGES.rateLimited };
  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(reports)
        .values({
          reporterId: actor!.id,
          commentId: kind === "comment" ? id : null,
          postId: target.postId,
          reason: reason,
          details: details || null,
        })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      if (inserted.length === 0) {
        return { ok: false, status: 409, error: REPORT_MESSAGES.already } as const;
      }
      if (kind !== "comment") return { ok: true, hidden: false } as const;
      // Reports on one comment are counted one at a time, so the third hides it exactly once.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`report:${id}`}))`);
      const [open] = await tx
        .select({ n: count() })
        .from(reports)
        .where(and(eq(reports.commentId, id), eq(reports.status, "open")));
      if ((open?.n ?? 0) < HIDE_AT_REPORTS) return { ok: true, hidden: false } as const;
      const changed = await tx
        .update(comments)
        .set({ isHidden: true })
        .where(and(eq(comments.id, id), eq(comments.isHidden, false)))
        .returning({ id: comments.id });
      if (changed.length) await dropPostPage(tx, target.postId);
      return { ok: true, hidden: true } as const;
    });
  } catch {
    return { ok: false, status: 500, error: REPORT_MESSAGES.failed };
  }
}

/** How many reports wait for an admin (the admin nav's badge). */
export async function openReportCount(db: Database, actor: Actor | null | undefined) {
  assertCan(actor, "admin.access");
  const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, "open"));
  return row?.n ?? 0;
}

export type ReportedItem = {
  kind: ReportKind;
  /** The comment's id, or the post's. */
  id: string;
  postId: string;
  postTitle: string;
  postSlug: string;
  /** The comment's text (a comment), or null. */
  content: string | null;
  author: { username: string; name: string };
  hidden: boolean;
  reports: {
    id: string;
    reason: ReportReason;
    details: string | null;
    reporter: string;
    createdAt: Date;
  }[];
};

/** The most open reports the admin list reads at once. */
export const REPORT_LIST_LIMIT = 300;

/** Open reports, one entry per item reported, the most recently reported first. */
export async function listOpenReports(
  db: Database,
  actor: Actor | null | undefined,
): Promise<ReportedItem[]> {
  assertCan(actor, "admin.access");
  const reporter = sql<string>`(SELECT username FROM profiles r WHERE r.id = ${reports.reporterId})`;
  const rows = await db
    .select({
      id: reports.id,
      commentId: reports.commentId,
      postId: reports.postId,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      reporter,
      postTitle: posts.title,
      postSlug: posts.slug,
      content: comments.content,
      hidden: comments.isHidden,
      authorUsername: profiles.username,
      authorName: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.username})`,
    })
    .from(reports)
    .innerJoin(posts, eq(posts.id, reports.postId))
    .leftJoin(comments, eq(comments.id, reports.commentId))
    .innerJoin(profiles, eq(profiles.id, sql`coalesce(${comments.authorId}, ${posts.authorId})`))
    .where(eq(reports.status, "open"))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(REPORT_LIST_LIMIT);
  const items = new Map<string, ReportedItem>();
  for (const row of rows) {
    const kind: ReportKind = row.commentId ? "comment" : "post";
    const key = `${kind}:${row.commentId ?? row.postId}`;
    let item = items.get(key);
    if (!item) {
      item = {
        kind,
        id: row.commentId ?? row.postId,
        postId: row.postId,
        postTitle: row.postTitle,
        postSlug: row.postSlug,
        content: row.content,
        author: { username: row.authorUsername, name: row.authorName },
        hidden: row.hidden ?? false,
        reports: [],
      };
      items.set(key, item);
    }
    item.reports.push({
      id: row.id,
      reason: row.reason,
      details: row.details,
      reporter: row.reporter,
      createdAt: row.createdAt,
    });
  }
  return [...items.values()];
}

const itemWhere = (kind: ReportKind, id: string) =>
  kind === "comment"
    ? eq(reports.commentId, id)
    : and(eq(reports.postId, id), isNull(reports.commentId));

export type DecisionResult = { ok: true } | { ok: false; status: 403 | 404; error: string };

/**
 * Dismisses the item's open reports (the admin finds nothing wrong): a
 * hidden comment is shown again. Audited.
 */
export async function dismissReports(
  db: Database,
  actor: Actor | null | undefined,
  kind: ReportKind,
  id: string,
): Promise<DecisionResult> {
  assertCan(actor, "admin.access");
  if (!isUuid(id)) return { ok: false, status: 404, error: REPORT_MESSAGES.gone };
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(reports)
      .set({ status: "dismissed", resolvedBy: actor.id, resolvedAt: sql`now()` })
      .where(and(itemWhere(kind, id), eq(reports.status, "open")))
      .returning({ postId: reports.postId });
    if (closed.length === 0)
      return { ok: false, status: 404, error: REPORT_MESSAGES.gone } as const;
    const postId = closed[0]!.postId;
    if (kind === "comment") {
      const shown = await tx
        .update(comments)
        .set({ isHidden: false })
        .where(and(eq(comments.id, id), eq(comments.isHidden, true)))
        .returning({ id: comments.id });
      if (shown.length) await dropPostPage(tx, postId);
    }
    const [label] = await tx.select({ title: posts.title }).from(posts).where(eq(posts.id, postId));
    await recordAdminAction(tx, actor, {
      action: "report.dismiss",
      targetType: kind,
      targetId: id,
      targetLabel: label?.title ?? null,
      details: { reports: closed.length },
    });
    return { ok: true } as const;
  });
}

/** The open reports on an item being deleted: closed as acted on, inside the deleting transaction. */
export async function closeReportsActedOn(
  db: Executor,
  actor: Actor,
  kind: ReportKind,
  id: string,
): Promise<number> {
  const closed = await db
    .update(reports)
    .set({ status: "actioned", resolvedBy: actor.id, resolvedAt: sql`now()` })
    .where(and(itemWhere(kind, id), eq(reports.status, "open")))
    .returning({ postId: reports.postId });
  if (kind === "comment" && closed.length) await dropPostPage(db, closed[0]!.postId);
  return closed.length;
}

/** Whether an item still has open reports (the delete's confirmation names it). */
export async function hasOpenReports(db: Database, kind: ReportKind, id: string) {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(itemWhere(kind, id), eq(reports.status, "open")));
  return (row?.n ?? 0) > 0;
}
