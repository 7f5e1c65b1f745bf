/**
 * The Activity page (docs/product/administration.md#activity): every admin action in the audit
 * trail (who, what, which record, when), newest first, filtered by admin,
 * action and date (UTC days, both ends included), 50 a page, and the same
 * rows as CSV (formulas neutralised, as Export Users CSV). Admins only.
 */
import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { adminAuditLog } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { ACTION_DESCRIPTIONS, describeAdminAction } from "~/features/audit/audit.server";
import { formText } from "~/lib/read-input.server";
import { csvRow } from "./csv";
import { pageOf, shownRange } from "./list-page.server";

export const ACTIVITY_PAGE_SIZE = 50;
/** The CSV holds at most this many rows (the newest matching). */
export const ACTIVITY_CSV_LIMIT = 50_000;

export const ACTIVITY_MESSAGES = {
  badFilter: "Unknown filter",
  badDate: "Dates must be written YYYY-MM-DD",
  badRange: "The start date must not be after the end date",
  badPage: "Page must be a whole number from 1",
} as const;

/** A day that exists (2026-02-30 does not). */
function realDay(v: string): boolean {
  const time = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
}

const ACTION_NAMES = Object.keys(ACTION_DESCRIPTIONS) as [string, ...string[]];
const day = formText.pipe(
  z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, ACTIVITY_MESSAGES.badDate)
    .refine((v) => !v || realDay(v), ACTIVITY_MESSAGES.badDate),
);

/** ?admin=&action=&from=&to=&page= */
export const activityQuery = z
  .object({
    admin: formText.pipe(z.string().max(100, ACTIVITY_MESSAGES.badFilter)),
    action: formText.pipe(
      z.union([z.literal(""), z.enum(ACTION_NAMES)], { message: ACTIVITY_MESSAGES.badFilter }),
    ),
    from: day,
    to: day,
    page: formText.pipe(
      z
        .string()
        .regex(/^([1-9][0-9]{0,6})?$/, ACTIVITY_MESSAGES.badPage)
        .transform((v) => (v ? Number(v) : 1)),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: ACTIVITY_MESSAGES.badRange,
    path: ["to"],
  });
export type ActivityFilters = z.output<typeof activityQuery>;

export const NO_FILTERS: ActivityFilters = { admin: "", action: "", from: "", to: "", page: 1 };

function whereOf(f: ActivityFilters): SQL | undefined {
  const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 24 * 3600 * 1000);
  return and(
    f.admin ? eq(adminAuditLog.actorUsername, f.admin) : undefined,
    f.action ? eq(adminAuditLog.action, f.action) : undefined,
    f.from ? gte(adminAuditLog.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(adminAuditLog.createdAt, nextDay(f.to)) : undefined,
  );
}

const columns = {
  id: adminAuditLog.id,
  actorUsername: adminAuditLog.actorUsername,
  action: adminAuditLog.action,
  targetType: adminAuditLog.targetType,
  targetId: adminAuditLog.targetId,
  targetLabel: adminAuditLog.targetLabel,
  createdAt: adminAuditLog.createdAt,
};

export async function listActivity(
  db: Database,
  actor: Actor | null | undefined,
  filters: ActivityFilters,
) {
  assertCan(actor, "admin.access");
  const where = whereOf(filters);
  const [[counted], admins] = await Promise.all([
    db.select({ n: count() }).from(adminAuditLog).where(where),
    db
      .selectDistinct({ username: adminAuditLog.actorUsername })
      .from(adminAuditLog)
      .orderBy(adminAuditLog.actorUsername),
  ]);
  const total = Number(counted!.n);
  const { page, pageCount, offset } = pageOf(total, filters.page, ACTIVITY_PAGE_SIZE);
  const rows = await db
    .select(columns)
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset(offset);
  return {
    rows,
    total,
    page,
    pageCount,
    ...shownRange(total, offset, rows.length),
    admins: admins.map((a) => a.username).filter((u): u is string => Boolean(u)),
    actions: Object.entries(ACTION_DESCRIPTIONS).map(([value, label]) => ({ value, label })),
  };
}

export const ACTIVITY_CSV_HEADER = [
  "When",
  "Admin",
  "Action",
  "Target Type",
  "Target",
  "Target Id",
] as const;

/** The matching entries as CSV (newest first, UTF-8 with a byte order mark, CRLF lines). */
export async function activityCsv(
  db: Database,
  actor: Actor | null | undefined,
  filters: ActivityFilters,
): Promise<string> {
  assertCan(actor, "admin.access");
  const rows = await db
    .select(columns)
    .from(adminAuditLog)
    .where(whereOf(filters))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(ACTIVITY_CSV_LIMIT);
  const lines = [csvRow(ACTIVITY_CSV_HEADER)];
  for (const r of rows) {
    lines.push(
      csvRow([
        r.createdAt.toISOString(),
        r.actorUsername,
        describeAdminAction(r.action),
        r.targetType,
        r.targetLabel,
        r.targetId,
      ]),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
