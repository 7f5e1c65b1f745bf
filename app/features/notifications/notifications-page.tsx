import { Form, Link } from "react-router";
import { relativeTime } from "~/lib/relative-time";
import {
  messageBelowTitle,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_PAGE_LIMIT,
  type NotificationFilter,
  type NotificationItem,
  notificationOpenPath,
} from "./notification-rules";
import { useSiteTimeZone } from "~/lib/site-time-zone";

const FILTER_LABELS: Record<NotificationFilter, string> = {
  all: "All",
  unread: "Unread",
  announcements: "Announcements",
};

const smallButton =
  "rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * /notifications (docs/product/community.md#notifications): All, Unread, Announcements; per item Mark read
 * and View; Mark all as read. Plain forms: they work without JavaScript, and
 * with it React Router reloads the list (under Unread a read item is gone).
 */
export function NotificationsPage({
  filter,
  items,
  unreadCount,
  error,
}: {
  filter: NotificationFilter;
  items: (Omit<NotificationItem, "createdAt"> & { createdAt: Date | string })[];
  unreadCount: number;
  error?: string;
}) {
  const timeZone = useSiteTimeZone();
  const action = filter === "all" ? "/notifications" : `/notifications?filter=${filter}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Notifications</h1>
        {unreadCount > 0 ? (
          <Form method="post" action={action}>
            <button type="submit" name="intent" value="read-all" className={smallButton}>
              Mark all as read
            </button>
          </Form>
        ) : null}
      </div>
      <nav aria-label="Filter notifications" className="mt-6">
        <ul className="flex gap-2">
          {(Object.keys(FILTER_LABELS) as NotificationFilter[]).map((f) => (
            <li key={f}>
              <Link
                to={f === "all" ? "/notifications" : `/notifications?filter=${f}`}
                aria-current={f === filter ? "page" : undefined}
                className={`inline-block rounded-full px-4 py-1.5 text-sm font-semibold ${
                  f === filter
                    ? "bg-brand-700 text-white"
                    : "border border-slate-300 text-slate-800 hover:border-brand-700"
                }`}
              >
                {FILTER_LABELS[f]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {error ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-10 text-center text-lg font-semibold">
          {NOTIFICATION_MESSAGES.empty[filter]}
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {items.map((n) => (
            <li
              key={n.id}
              data-notification={n.isRead ? "read" : "unread"}
              className={`rounded-lg border p-4 ${n.isRead ? "border-slate-200 bg-white" : "border-brand-100 bg-brand-50"}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <NotificationSummary n={n} timeZone={timeZone} />
                {n.isRead ? null : (
                  <Form method="post" action={action}>
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" name="intent" value="read" className={smallButton}>
                      Mark read<span className="sr-only">: {n.title}</span>
                    </button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {filter === "all" && items.length === NOTIFICATIONS_PAGE_LIMIT ? (
        <p className="mt-6 text-center text-sm text-slate-700">{NOTIFICATION_MESSAGES.limitNote}</p>
      ) : null}
    </div>
  );
}

/**
 * A notification's title, message and time: with a link, all one link that
 * marks it read and opens it (docs/decisions/0267); the Mark read button stays
 * beside it, not inside.
 */
function NotificationSummary({
  n,
  timeZone,
}: {
  n: Pick<NotificationItem, "id" | "title" | "message" | "link" | "isRead"> & {
    createdAt: Date | string;
  };
  timeZone: string;
}) {
  const body = (
    <>
      <span className="block font-semibold text-slate-900">
        {n.isRead ? null : <span className="sr-only">Unread: </span>}
        {n.title}
      </span>
      {messageBelowTitle(n) ? <span className="mt-1 block text-slate-700">{n.message}</span> : null}
      <span className="mt-1 block text-xs text-slate-700">
        <time dateTime={new Date(n.createdAt).toISOString()} suppressHydrationWarning>
          {relativeTime(n.createdAt, timeZone)}
        </time>
        {n.link ? <span className="ml-3 font-semibold text-brand-700 underline">View</span> : null}
      </span>
    </>
  );
  if (!n.link) return <div className="min-w-0 flex-1">{body}</div>;
  return (
    <a
      href={notificationOpenPath(n.id)}
      className="-m-2 block min-w-0 flex-1 rounded-md p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {body}
    </a>
  );
}
