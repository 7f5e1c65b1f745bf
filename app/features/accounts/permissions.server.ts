/**
 * The one way to guard (docs/decisions/0071). Loaders and actions call a
 * require* function first; server functions that change or read what only
 * some may, call assertCan, which throws the one typed Forbidden. Who may do
 * what is the role table in permissions.ts (data); this module only answers.
 */
import { redirect } from "react-router";
import { adminTwoFactorSetupPath } from "./admin-two-factor.server";
import {
  can,
  effectiveRole,
  PARTICIPATION,
  type Action,
  type Actor,
  type Resource,
} from "./permissions";

/**
 * Refused: thrown by assertCan. It has the shape of React Router's error
 * response, so a loader or action it escapes from answers 403 (the route's
 * error boundary shows it), never 500.
 */
export class Forbidden extends Error {
  readonly status = 403;
  readonly statusText = "Forbidden";
  readonly internal = false;
  readonly data: string;

  constructor(message = "Forbidden") {
    super(message);
    this.name = "Forbidden";
    this.data = message;
  }
}

export const ADMIN_ONLY_MESSAGE = "Permission denied: only admins can do this";

/** What a refusal says, where the action has its own words. */
const REFUSED: Partial<Record<Action, string>> = {
  "admin.access": ADMIN_ONLY_MESSAGE,
  "broadcast.send": ADMIN_ONLY_MESSAGE,
};

/**
 * Inside server functions: throws Forbidden unless `actor` may do `action`
 * (on `resource`). The routes have already guarded; this is the second line.
 */
export function assertCan(
  actor: Actor | null | undefined,
  action: Action,
  resource?: Resource,
): asserts actor is Actor {
  if (!actor || !can(actor, action, resource)) throw new Forbidden(REFUSED[action]);
}

/** Where the current page is, to come back after signing in. */
function returnPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export function loginRedirect(request: Request) {
  const to = returnPath(request);
  return redirect(to === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(to)}`);
}

/**
 * A signed-in actor allowed to do `action` (on `resource`): visitors go to
 * /login, pending members trying to participate to /pending-approval, an
 * admin held for a second factor to set it up, everyone else not allowed
 * gets a 403.
 */
export function requireCan<A extends Actor>(
  actor: A | null | undefined,
  request: Request,
  action: Action,
  resource?: Resource,
): A {
  if (actor && can(actor, action, resource)) return actor;
  const role = effectiveRole(actor);
  if (role === "visitor" || role === "blocked") throw loginRedirect(request);
  sendHeldAdminToSetUp(actor, request);
  if (role === "pending" && PARTICIPATION.includes(action)) throw redirect("/pending-approval");
  throw new Response("Forbidden", { status: 403 });
}

/**
 * The gate of pages only some roles see at all (docs/product/accounts.md, docs/product/README.md#roles-and-permissions): whoever may
 * not `action` goes to /. The admins' and authors' guards (app/pipeline/guards.server.ts)
 * answer with it.
 */
export function requireOrHome<A extends Actor>(
  actor: A | null | undefined,
  action: Action,
  request?: Request,
): A {
  if (actor && can(actor, action)) return actor;
  sendHeldAdminToSetUp(actor, request);
  throw redirect("/");
}

/**
 * An admin the site requires a second factor of, without one, is "held"
 * (permissions.ts): the role table refuses them the admin's and an author's
 * powers wherever they are asked for (decisions 0140, 0167). Where a page or
 * form is refused, they are sent to set codes up, which lifts the hold.
 */
export function sendHeldAdminToSetUp(actor: Actor | null | undefined, request?: Request): void {
  // With the page they wanted, to come back to once codes are on (docs/decisions/0258).
  if (effectiveRole(actor) === "held") throw redirect(adminTwoFactorSetupPath(request));
}
