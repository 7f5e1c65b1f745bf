/**
 * The members in the admin dashboard (docs/product/administration.md#dashboard /admin Users tab and the
 * Overview's pending approvals, user status transitions, admin alerts,
 * 50 a page), Export Users CSV and the user actions. The Overview's
 * figures are in overview.server.ts. Every function asks the permissions
 * module first: only admins pass.
 */
import { emitWebhookEvent } from "#server/webhooks/emit";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { revokeAllSessions } from "#server/auth/sessions";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { profileNameSearchKey, profiles, users } from "#server/db/schema";
import type { Storage } from "#server/storage";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { notifyApproval, notifyPromotion } from "~/features/notifications/notify.server";
import { profileImageFolder } from "~/features/profiles/edit-profile.server";
import { recordAdminAction } from "~/features/audit/audit.server";
import { type ExportedUser } from "./csv";
import { orderOf, pageOf, searchWhere, shownRange, type SortDirection } from "./list-page.server";

export const USERS_PAGE_SIZE = 50;
export { SEARCH_MAX_LENGTH } from "./list-page.server";

export type UserAction = "approve" | "block" | "promote" | "delete";
export const USER_ACTIONS: readonly UserAction[] = ["approve", "block", "promote", "delete"];

/** The spec's alerts (§8); delete's are ours, in the same form. */
export const ADMIN_MESSAGES = {
  success: {
    approve: "User approved successfully!",
    block: "User blocked successfully!",
    promote: "User promoted to mentor successfully!",
    delete: "User deleted successfully!",
  } satisfies Record<UserAction, string>,
  failure: {
    approve: (message: string) => `Failed to approve user: ${message}`,
    block: (message: string) => `Failed to block user: ${message}`,
    promote: (message: string) => `Failed to promote user: ${message}`,
    delete: (message: string) => `Failed to delete user: ${message}`,
  } satisfies Record<UserAction, (message: string) => string>,
  exportFailed: "Failed to export users",
  forbidden: "Permission denied: only admins can do this",
  notFound: "User not found",
  alreadyApproved: "This user is already approved",
  alreadyBlocked: "This user is already blocked",
  notPromotable: "Only approved users with the role user can be promoted to mentor",
  self: "You cannot do this to your own account",
} as const;

/** Asked before blocking, promoting and deleting (docs/product/administration.md#users). */
export const CONFIRMATIONS: Record<Exclude<UserAction, "approve">, string> = {
  block: "Are you sure you want to block this user? They will be signed out everywhere.",
  promote: "Are you sure you want to promote this user to mentor?",
  delete:
    "Are you sure you want to delete this user? Their posts and comments will be deleted too. This action cannot be undone.",
};

export type AdminUser = {
  id: string;
  username: string;
  fullName: string | null;
  email: string;
  role: "user" | "mentor" | "admin";
  status: "pending" | "approved" | "blocked";
  createdAt: Date;
  lastLoginAt: Date | null;
};

const userColumns = {
  id: profiles.id,
  username: profiles.username,
  fullName: profiles.fullName,
  email: profiles.email,
  role: profiles.role,
  status: profiles.status,
  createdAt: profiles.createdAt,
  lastLoginAt: profiles.lastLoginAt,
};

/** Pending User Approvals: oldest first (they have waited longest), at most 100. */
export async function pendingApprovals(
  db: Database,
  actor: Actor | null | undefined,
): Promise<AdminUser[]> {
  assertCan(actor, "admin.access");
  return db
    .select(userColumns)
    .from(profiles)
    .where(eq(profiles.status, "pending"))
    .orderBy(asc(profiles.createdAt), asc(profiles.username))
    .limit(100);
}

export async function findAdminUser(
  db: Database,
  actor: Actor | null | undefined,
  id: string,
): Promise<AdminUser | null> {
  assertCan(actor, "admin.access");
  const [row] = await db.select(userColumns).from(profiles).where(eq(profiles.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------------- users

export type UsersPage = {
  users: AdminUser[];
  total: number;
  page: number;
  pageCount: number;
  /** 1-based index of the first and last rows shown (0 and 0 when none). */
  from: number;
  to: number;
  query: string;
  sort: UserSort;
  dir: SortDirection;
  role: UserRole | null;
  status: UserStatus | null;
};

export const USER_ROLES = ["user", "mentor", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_STATUSES = ["pending", "approved", "blocked"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The Users tab's sortable columns (the table's headers) and what each sorts by. */
export const USER_SORTS = ["user", "email", "role", "status", "joined"] as const;
export type UserSort = (typeof USER_SORTS)[number];
const USER_ORDER = {
  user: sql`lower(${profiles.username})`,
  email: sql`lower(${profiles.email})`,
  role: profiles.role,
  status: profiles.status,
  joined: profiles.createdAt,
};

/** "Showing x to y of n" and "Page x of y" (docs/product/administration.md#lists). */
export { pageLabel, showingLabel } from "./list-page.server";

/**
 * Users matching the search (username, full name or e-mail, case-insensitive)
 * and the role and status asked for, sorted by a column (newest first
 * unless asked), 50 a page. A page past the end shows the last page.
 */
export async function listUsers(
  db: Database,
  actor: Actor | null | undefined,
  options: {
    query?: string;
    page?: number;
    sort?: UserSort;
    dir?: SortDirection;
    role?: UserRole | null;
    status?: UserStatus | null;
  } = {},
): Promise<UsersPage> {
  assertCan(actor, "admin.access");
  const search = searchWhere(options.query, [
    profileNameSearchKey(profiles.username, profiles.fullName),
    sql`lower(${profiles.email})`,
  ]);
  const { query } = search;
  const sort = options.sort ?? "joined";
  const dir = options.dir ?? (sort === "joined" ? "desc" : "asc");
  const role = options.role ?? null;
  const status = options.status ?? null;
  const where = and(
    search.where,
    role ? eq(profiles.role, role) : undefined,
    status ? eq(profiles.status, status) : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(profiles).where(where);
  const total = Number(counted!.n);
  const { page, pageCount, offset } = pageOf(total, options.page, USERS_PAGE_SIZE);
  const rows = await db
    .select(userColumns)
    .from(profiles)
    .where(where)
    .orderBy(...orderOf(USER_ORDER, sort, dir, profiles.id))
    .limit(USERS_PAGE_SIZE)
    .offset(offset);
  return {
    users: rows,
    total,
    page,
    pageCount,
    ...shownRange(total, offset, rows.length),
    query,
    sort,
    dir,
    role,
    status,
  };
}

/** Every member for the CSV export, oldest first. */
export async function usersForExport(
  db: Database,
  actor: Actor | null | undefined,
): Promise<ExportedUser[]> {
  assertCan(actor, "admin.access");
  return db
    .select({
      username: profiles.username,
      fullName: profiles.fullName,
      email: profiles.email,
      role: profiles.role,
      status: profiles.status,
      createdAt: profiles.createdAt,
      lastLoginAt: profiles.lastLoginAt,
    })
    .from(profiles)
    .orderBy(asc(profiles.createdAt), asc(profiles.username));
}

/** The rows of Export Users CSV, the export recorded in the audit trail. */
export async function exportUsers(
  db: Database,
  actor: Actor | null | undefined,
): Promise<ExportedUser[]> {
  const rows = await usersForExport(db, actor);
  await recordAdminAction(db, actor!, { action: "users.export", details: { rows: rows.length } });
  return rows;
}

// -------------------------------------------------------------- user actions

export type ActionResult =
  { ok: true; message: string } | { ok: false; status: 403 | 404 | 409 | 500; error: string };

const fail = (
  action: UserAction,
  status: 403 | 404 | 409 | 500,
  message: string,
): ActionResult => ({ ok: false, status, error: ADMIN_MESSAGES.failure[action](message) });

/**
 * Approve (pending or blocked → approved; notifies), block (not twice; ends
 * every session), promote (approved plain users → mentor; notifies), delete
 * (their posts and comments go with them). Admins only, never on oneself.
 * Each change is one conditional UPDATE or DELETE, so two admins acting at
 * once cannot both succeed. A deleted member's profile-images folder goes
 * from `storage` after the commit (docs/decisions/0045); without `storage`
 * no file is touched.
 */
export async function runUserAction(
  db: Database,
  actor: Actor | null | undefined,
  action: UserAction,
  userId: string,
  options: UserActionOptions = {},
): Promise<ActionResult> {
  assertCan(actor, "admin.access");
  if (userId === actor.id) return fail(action, 409, ADMIN_MESSAGES.self);
  try {
    const [target] = await db
      .select({
        id: profiles.id,
        username: profiles.username,
        role: profiles.role,
        status: profiles.status,
      })
      .from(profiles)
      .where(eq(profiles.id, userId));
    if (!target) return fail(action, 404, ADMIN_MESSAGES.notFound);
    // The audit trail's row, written in the change's transaction.
    const audit: Audit = (tx, details = null) =>
      recordAdminAction(tx, actor, {
        action: `user.${action}`,
        targetType: "user",
        targetId: userId,
        targetLabel: target.username,
        details,
      });
    const [changed, status, refusal] = await USER_CHANGES[action](db, target, audit, options);
    if (!changed) return fail(action, status, refusal);
    return { ok: true, message: ADMIN_MESSAGES.success[action] };
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : "Unknown error";
    return fail(action, 500, message);
  }
}

type UserActionOptions = {
  storage?: Storage;
  log?: (error: unknown, message: string) => void;
  /** The job queue for the notification's e-mail; absent: none is started. */
  jobs?: Services["jobs"];
};
type Target = { id: string; username: string; role: string; status: string };
type Audit = (tx: Database, details?: Record<string, unknown> | null) => Promise<unknown>;
/** Whether the change was made, and the refusal when it was not (someone else made it first). */
type Change = (
  db: Database,
  target: Target,
  audit: Audit,
  options: UserActionOptions,
) => Promise<[boolean, 404 | 409, string]>;

/** Each action as one conditional write: only one of two admins acting at once changes the row. */
const USER_CHANGES: Record<UserAction, Change> = {
  async approve(db, target, audit, { jobs }) {
    const changed = await db.transaction(async (tx) => {
      const rows = await tx
        .update(profiles)
        .set({ status: "approved" })
        .where(and(eq(profiles.id, target.id), ne(profiles.status, "approved")))
        .returning({ id: profiles.id });
      if (rows.length) {
        await notifyApproval({ db: tx, jobs }, target.id);
        await audit(tx, { from: target.status });
        await emitWebhookEvent(tx, "member.approved", {
          member: { id: target.id, username: target.username },
        });
      }
      return rows.length > 0;
    });
    return [changed, 409, ADMIN_MESSAGES.alreadyApproved];
  },
  async block(db, target, audit) {
    const changed = await db.transaction(async (tx) => {
      const rows = await tx
        .update(profiles)
        .set({ status: "blocked" })
        .where(and(eq(profiles.id, target.id), ne(profiles.status, "blocked")))
        .returning({ id: profiles.id });
      if (rows.length) await audit(tx, { from: target.status });
      return rows.length > 0;
    });
    if (changed) await revokeAllSessions(db, target.id);
    return [changed, 409, ADMIN_MESSAGES.alreadyBlocked];
  },
  async promote(db, target, audit, { jobs }) {
    const changed = await db.transaction(async (tx) => {
      const rows = await tx
        .update(profiles)
        .set({ role: "mentor" })
        .where(
          and(
            eq(profiles.id, target.id),
            eq(profiles.role, "user"),
            eq(profiles.status, "approved"),
          ),
        )
        .returning({ id: profiles.id });
      if (rows.length) {
        await notifyPromotion({ db: tx, jobs }, target.id);
        await audit(tx);
      }
      return rows.length > 0;
    });
    return [changed, 409, ADMIN_MESSAGES.notPromotable];
  },
  async delete(db, target, audit, options) {
    // The auth user owns the profile; the cascade takes the profile,
    // sessions, posts, comments, likes, favourites and follows.
    const deleted = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(users)
        .where(eq(users.id, target.id))
        .returning({ id: users.id });
      if (rows.length) await audit(tx, { role: target.role, status: target.status });
      return rows.length > 0;
    });
    if (deleted) {
      // Their photos are personal data. Post images stay: see decision 0045.
      const folder = profileImageFolder(target.id);
      await options.storage?.deletePrefix(folder).catch((error: unknown) => {
        options.log?.(error, `deleting ${folder} of a deleted user`);
      });
    }
    return [deleted, 404, ADMIN_MESSAGES.notFound];
  },
};
