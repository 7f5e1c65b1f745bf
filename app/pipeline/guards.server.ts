/**
 * Guards as route middleware (docs/request-pipeline.md, docs/decisions/0181):
 * app/routes.ts wraps whole subtrees in a layout whose `middleware` is one of
 * these (adminsOnly for /admin/*, authorsOnly for the authoring pages,
 * membersOnly for the members' pages). A guard that lets the request through
 * puts the member in context: `actor(context)` below it is never null.
 * Who may do what is the role table (features/accounts/permissions.ts); how a
 * refusal answers is permissions.server.ts (requireCan, requireOrHome).
 */
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { PRIVATE_NO_STORE } from "#server/http/private-cache";
import { can, type Action, type Resource } from "~/features/accounts/permissions";
import { requireCan, requireOrHome } from "~/features/accounts/permissions.server";
import { getSessionUser, type SessionUser } from "~/features/accounts/session.server";
import { services } from "~/lib/services.server";

type Context = Readonly<RouterContextProvider>;

/** This request's member, resolved once (the guards and the action helper share it). */
export const sessionContext = createContext<Promise<SessionUser | null> | null>(null);

/** The member a guard let through (unset when no guard ran). */
export const actorContext = createContext<SessionUser | null>(null);

/** The request's member or null, asked of the session once per request. */
export function sessionOf(context: Context, request: Request): Promise<SessionUser | null> {
  let pending = context.get(sessionContext);
  if (!pending) {
    pending = getSessionUser(request, services(context));
    context.set(sessionContext, pending);
  }
  return pending;
}

/**
 * The member the route's guard let through. Throws when no guard ran: a
 * loader or action that calls it must sit under a guard (or use the action
 * helper, which guards).
 */
export function actor(context: Context): SessionUser {
  const member = context.get(actorContext);
  if (!member) throw new Error("actor(context): no guard ran for this route (app/routes.ts).");
  return member;
}

/**
 * How a refusal answers. "to-login" (requireCan): visitors and blocked
 * members to /login, pending members to /pending-approval for participation,
 * a held admin to set up two-factor, others 403. "to-home" (requireOrHome,
 * the pages only some roles see): a held admin to set up two-factor, others
 * to /. "not-found": the 404 page, bodiless, to everyone refused (a post
 * only its author and the admins may know of: /preview/:id). Or a JSON error
 * with its status, for an endpoint with its own words (the status may depend
 * on who was refused: 401 for a visitor, 403 for others).
 */
export type Refusal =
  | "to-login"
  | "to-home"
  | "not-found"
  | { status: number | ((member: SessionUser | null) => number); error: string };

/**
 * Throws the refusal's answer unless `member` may do `permission` (on
 * `resource`, when one is given; null is a resource that is not there).
 */
export function guard(
  member: SessionUser | null,
  request: Request,
  permission: Action,
  refusal: Refusal = "to-login",
  resource?: Resource | null,
): SessionUser {
  if (member && resource !== null && can(member, permission, resource)) return member;
  if (refusal === "not-found") throw data(null, { status: 404 });
  if (refusal === "to-home") requireOrHome(member, permission, request);
  else if (refusal === "to-login") requireCan(member, request, permission, resource ?? undefined);
  else {
    const status = typeof refusal.status === "function" ? refusal.status(member) : refusal.status;
    throw Response.json(
      { error: refusal.error },
      { status, headers: { "Cache-Control": PRIVATE_NO_STORE } },
    );
  }
  // The role may, but not on this resource (or it is not there).
  throw new Response("Forbidden", { status: 403 });
}

/** A middleware that lets through those who may `permission`, and puts them in context. */
export function guardMiddleware(
  permission: Action,
  refusal: Refusal = "to-login",
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const member = guard(await sessionOf(context, request), request, permission, refusal);
    context.set(actorContext, member);
    return next();
  };
}

/** /admin/*: admins, with a second factor while the site requires one (else to set it up); others to /. */
export const adminsOnly = guardMiddleware("admin.access", "to-home");

/** The authoring pages: mentors and admins (a held admin to set up two-factor); others to /. */
export const authorsOnly = guardMiddleware("post.write", "to-home");

/**
 * The members' pages: signed in and approved. Visitors and blocked members go
 * to /login, pending members to /pending-approval, a held admin to set up
 * two-factor.
 */
export const membersOnly = guardMiddleware("notifications.settings", "to-login");

/**
 * The pages of any signed-in member, approved or not (notifications, profile,
 * sessions, favorites): visitors and blocked members to /login, everyone else
 * through. "notifications.read" is the role table's every signed-in role, so
 * this answers as requireCan(member, request, "notifications.read") does.
 */
export const signedInOnly = guardMiddleware("notifications.read", "to-login");
