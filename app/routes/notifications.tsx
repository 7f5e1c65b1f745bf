import { defaultPageMeta } from "~/features/seo/meta";
import { data, Link, redirect } from "react-router";
import { can } from "~/features/accounts/permissions";
import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { requireMember } from "~/features/accounts/permissions.server";
import { NotificationsPage } from "~/features/notifications/notifications-page";
import {
  bellState,
  listNotifications,
  markAllRead,
  markRead,
  notificationsActionForm,
  notificationsQuery,
  trackedLink,
} from "~/features/notifications/notifications.server";
import { NOTIFICATION_MESSAGES } from "~/features/notifications/notification-rules";
import { TEXT_FORM_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import { readForm, readQuery } from "~/lib/read-input.server";
import type { Route } from "./+types/notifications";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Notifications", { noindex: true });
}

/** Signed-in members only (signed-out → /login); ?filter=unread|announcements. */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "notifications.read");
  const query = readQuery(request, notificationsQuery);
  const filter = query.ok ? query.data.filter : "all";
  const [items, bell] = await Promise.all([
    listNotifications(db(), member.id, filter),
    bellState(db(), member.id),
  ]);
  const page = {
    // Issue 20: approved members choose how they hear about each type.
    canChooseEmails: can(member, "notifications.settings"),
    filter,
    items,
    unreadCount: bell.unreadCount,
    error: query.ok ? null : query.message,
  };
  return data(page, { status: query.ok ? 200 : 400 });
}

/**
 * intent=read (id), view (id: marks read, then to the link with
 * ?source=notification), read-all. Own notifications only: another
 * member's id is a 404.
 */
export async function action({ request }: Route.ActionArgs) {
  const member = await requireMember(request, "notifications.read");
  const body = await readForm(request, notificationsActionForm, { limit: TEXT_FORM_LIMIT_BYTES });
  if (!body.ok && body.problem === "too-large") {
    return data({ error: TOO_LARGE_MESSAGE }, { status: 413 });
  }
  if (!body.ok) return data({ error: "Invalid request" }, { status: 400 });
  const { intent, id } = body.data;
  if (intent === "read-all") {
    await markAllRead(db(), member.id);
    return { ok: true };
  }
  if (intent === "read" || intent === "view") {
    const marked = await markRead(db(), member.id, id);
    if (!marked) return data({ error: NOTIFICATION_MESSAGES.notFound }, { status: 404 });
    if (intent === "view") throw redirect(trackedLink(marked.link, runtime().config.siteUrl));
    return { ok: true };
  }
  return data({ error: NOTIFICATION_MESSAGES.unknownAction }, { status: 400 });
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
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
      {loaderData.canChooseEmails ? (
        <p className="mx-auto -mt-4 max-w-3xl px-4 pb-10">
          <Link
            to="/settings/notifications"
            className="text-sm font-semibold text-brand-700 underline"
          >
            Notification settings
          </Link>
        </p>
      ) : null}
    </>
  );
}
