/**
 * The one permissions module (docs/product/README.md#roles-and-permissions, docs/product/accounts.md): the role table as data.
 * Every loader and action asks it (through permissions.server.ts); hidden
 * buttons are a convenience only.
 *
 * An actor's effective role: no session → visitor; status blocked → blocked;
 * status pending → pending (may sign in and read, nothing more); an admin the
 * site requires a second factor of, without one → held (reads like pending,
 * nothing more, until codes are set up: docs/decisions/0140, 0167); otherwise
 * the profile's role (user, mentor, admin).
 */
export type Role = "user" | "mentor" | "admin";
export type Status = "pending" | "approved" | "blocked";
export type EffectiveRole = "visitor" | "pending" | "blocked" | "held" | Role;

/** What permissions need to know about the signed-in member. */
export type Actor = {
  id: string;
  role: Role;
  status: Status;
  /**
   * An admin without a second factor while the site requires one (the
   * session sets it: session.server.ts). Such an admin is "held": none of the
   * admin's or an author's powers, wherever they are asked for, until set up.
   */
  adminNeedsTwoFactor?: boolean;
};

export type Action =
  | "post.read"
  | "search"
  | "comment.create"
  | "comment.like"
  | "favorite.toggle"
  | "notifications.read"
  | "follow.create"
  | "post.write"
  | "comment.delete"
  | "report.create"
  | "admin.access"
  | "broadcast.send"
  | "notifications.settings";

/** Who may do what, before looking at the resource. */
export const ROLE_TABLE: Record<Action, readonly EffectiveRole[]> = {
  "post.read": ["visitor", "pending", "held", "user", "mentor", "admin"],
  search: ["visitor", "pending", "held", "user", "mentor", "admin"],
  "comment.create": ["user", "mentor", "admin"],
  "comment.like": ["user", "mentor", "admin"],
  "favorite.toggle": ["user", "mentor", "admin"],
  "notifications.read": ["pending", "held", "user", "mentor", "admin"],
  "follow.create": ["user", "mentor", "admin"],
  "post.write": ["mentor", "admin"],
  "comment.delete": ["user", "mentor", "admin"],
  /** Reporting a comment or a post (docs/decisions/0122). */
  "report.create": ["user", "mentor", "admin"],
  "admin.access": ["admin"],
  "broadcast.send": ["admin"],
  // docs/milestones.md#issue-20-members-come-back: the notification settings page (e-mail preferences).
  "notifications.settings": ["user", "mentor", "admin"],
};

/** Participation actions: a pending member is sent to /pending-approval. */
export const PARTICIPATION: readonly Action[] = [
  "comment.create",
  "comment.like",
  "favorite.toggle",
  "follow.create",
  "report.create",
  "notifications.settings",
];

/** The resource a rule looks at, where it matters. */
export type Resource =
  /** comment.delete: the comment's author. */
  | { kind: "comment"; authorId: string; authorRole: Role }
  /** follow.create: the member to follow. */
  | { kind: "profile"; id: string; role: Role }
  /** post.write on an existing post: its author. */
  | { kind: "post"; authorId: string };

export function effectiveRole(actor: Actor | null | undefined): EffectiveRole {
  if (!actor) return "visitor";
  if (actor.status === "blocked") return "blocked";
  if (actor.status === "pending") return "pending";
  if (actor.role === "admin" && actor.adminNeedsTwoFactor) return "held";
  return actor.role;
}

export function can(actor: Actor | null | undefined, action: Action, resource?: Resource): boolean {
  const role = effectiveRole(actor);
  if (!ROLE_TABLE[action].includes(role)) return false;
  if (!actor || !resource) return true;
  switch (action) {
    case "comment.delete":
      if (resource.kind !== "comment") return false;
      // Own comment: any member; a plain user's comment: mentors too; any comment: admins.
      return (
        resource.authorId === actor.id ||
        role === "admin" ||
        (role === "mentor" && resource.authorRole === "user")
      );
    case "follow.create":
      // Mentors and admins only, never oneself.
      return resource.kind === "profile" && resource.id !== actor.id && resource.role !== "user";
    case "post.write":
      // Mentors their own posts; admins any.
      return resource.kind === "post" && (role === "admin" || resource.authorId === actor.id);
    default:
      return true;
  }
}
