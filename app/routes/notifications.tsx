import { defaultPageMeta } from "~/features/seo/meta";
import { data, Link } from "react-router";
import { can } from "~/features/accounts/permissions";
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
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { defineAction } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/notifications";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Notifications", { noindex: true });
}

/** Under the signed-in guard (app/routes.ts): signed-out → /login; ?filter=unread|announcements. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const member = actor(context);
  const query = readQuery(request, notificationsQuery);
  const filter = query.ok ? query.data.filter : "all";
  const [items, bell] = await Promise.all([
    listNotifications(db, member.id, filter),
    bellState(db, member.id),
  ]);
  const page = {
    // docs/milestones.md#issue-20-members-come-back: approved members choose how they hear about each type.
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
export const action = defineAction({
  permission: "notifications.read",
  schema: notificationsActionForm,
  run: async ({ db, config }, member, { intent, id }) => {
    if (intent === "read-all") {
      await markAllRead(db, member.id);
      return { ok: true };
    }
    if (intent === "read" || intent === "view") {
      const marked = await markRead(db, member.id, id);
      if (!marked) return { ok: false, status: 404, error: NOTIFICATION_MESSAGES.notFound };
      if (intent === "view")
        return { ok: true, redirect: trackedLink(marked.link, config.siteUrl) };
      return { ok: true };
    }
    return { ok: false, status: 400, error: NOTIFICATION_MESSAGES.unknownAction };
  },
});

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
