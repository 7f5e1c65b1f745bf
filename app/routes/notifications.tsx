import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { requireMember } from "~/features/accounts/permissions.server";
import { NotificationsPage } from "~/features/notifications/notifications-page";
import {
  bellState,
  listNotifications,
  markAllRead,
  markRead,
  parseFilter,
  trackedLink,
} from "~/features/notifications/notifications.server";
import { TEXT_FORM_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import { anyFields, readForm } from "~/lib/read-input.server";
import type { Route } from "./+types/notifications";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Notifications", { noindex: true });
}

const INVALID_FILTER = "Unknown filter. Choose All, Unread or Announcements.";

/** Signed-in members only (signed-out → /login); ?filter=unread|announcements. */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "notifications.read");
  const parsed = parseFilter(new URL(request.url).searchParams.get("filter"));
  const filter = parsed ?? "all";
  const [items, bell] = await Promise.all([
    listNotifications(db(), member.id, filter),
    bellState(db(), member.id),
  ]);
  const page = {
    filter,
    items,
    unreadCount: bell.unreadCount,
    error: parsed ? null : INVALID_FILTER,
  };
  return data(page, { status: parsed ? 200 : 400 });
}

/**
 * intent=read (id), view (id: marks read, then to the link with
 * ?source=notification), read-all. Own notifications only: another
 * member's id is a 404.
 */
export async function action({ request }: Route.ActionArgs) {
  const member = await requireMember(request, "notifications.read");
  const body = await readForm(request, anyFields, { limit: TEXT_FORM_LIMIT_BYTES });
  if (!body.ok && body.problem === "too-large") {
    return data({ error: TOO_LARGE_MESSAGE }, { status: 413 });
  }
  const form = body.ok ? body.form : null;
  if (!form) return data({ error: "Invalid request" }, { status: 400 });
  const intent = form.get("intent");
  if (intent === "read-all") {
    await markAllRead(db(), member.id);
    return { ok: true };
  }
  if (intent === "read" || intent === "view") {
    const marked = await markRead(db(), member.id, form.get("id"));
    if (!marked) return data({ error: "Notification not found" }, { status: 404 });
    if (intent === "view") throw redirect(trackedLink(marked.link, runtime().config.siteUrl));
    return { ok: true };
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NotificationsPage
      filter={loaderData.filter}
      items={loaderData.items}
      unreadCount={loaderData.unreadCount}
      error={
        (actionData && "error" in actionData ? actionData.error : undefined) ??
        loaderData.error ??
        undefined
      }
    />
  );
}
