import { useEffect, useState } from "react";
import { Link } from "react-router";
import { DropdownMenu } from "~/components/ui/dropdown-menu";
import { relativeTime } from "~/lib/relative-time";
import {
  badgeText,
  type BellState,
  messageBelowTitle,
  notificationOpenPath,
} from "./notification-rules";
import { useSiteTimeZone } from "~/lib/site-time-zone";

const RECONNECT_MS = 3_000;
const RECONNECT_MAX_MS = 60_000;
const STREAM_URL = "/api/notifications/stream";

/**
 * Why the stream was refused: "gone" when the server says the session is no
 * longer allowed (signed out, blocked), so that retrying is pointless;
 * "retry" for anything else (the server restarting, a proxy's 502, offline).
 */
async function refusal(): Promise<"gone" | "retry"> {
  const abort = new AbortController();
  try {
    const response = await fetch(STREAM_URL, {
      signal: abort.signal,
      headers: { accept: "text/event-stream" },
    });
    return response.status === 401 || response.status === 403 ? "gone" : "retry";
  } catch {
    return "retry";
  } finally {
    // A stream that opens after all is not read here: the retry opens its own.
    abort.abort();
  }
}

/**
 * The header's notification bell (docs/product/community.md#notifications): the unread badge (9+ above 9)
 * and a dropdown of up to 5 latest unread, each with View (marks it read and
 * opens its link). The state comes with the page and then live from the
 * member's event stream; after a drop it reconnects. Without JavaScript the
 * bell is a link to /notifications.
 */
export function NotificationBell({ initial }: { initial: BellState }) {
  const state = useBellState(initial);
  const badge = badgeText(state.unreadCount);
  const label =
    state.unreadCount > 0 ? `Notifications, ${state.unreadCount} unread` : "Notifications";

  return (
    <DropdownMenu
      arrows={false}
      triggerLabel={label}
      before={
        <noscript>
          <a href="/notifications" className="text-sm font-semibold text-brand-700 underline">
            {label}
          </a>
        </noscript>
      }
      triggerClassName="relative inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2"
      trigger={<BellIcon badge={badge} />}
      panelClassName="absolute right-0 z-40 mt-2 w-80 rounded-md border border-slate-200 bg-white py-2 shadow-lg"
    >
      {(close) => (
        <>
          <p className="px-4 pb-2 text-sm font-semibold text-slate-900">Notifications</p>
          {state.latest.length === 0 ? (
            <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700">
              No unread notifications
            </p>
          ) : (
            <ul className="border-t border-slate-200">
              {state.latest.map((n) => (
                <NotificationItem key={n.id} n={n} close={close} />
              ))}
            </ul>
          )}
          <Link
            to="/notifications"
            onClick={close}
            className="block px-4 pt-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            View all notifications
          </Link>
        </>
      )}
    </DropdownMenu>
  );
}

/** The bell's state: the page's, then each update from the member's event stream. */
function useBellState(initial: BellState) {
  const [state, setState] = useState(initial);

  // A new page brings a fresh state from the server (e.g. after Mark all as read).
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setState(initial);
  }

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let delay = RECONNECT_MS;
    const connect = () => {
      source = new EventSource(STREAM_URL);
      source.onopen = () => {
        delay = RECONNECT_MS;
      };
      source.addEventListener("notifications", (event) => {
        try {
          setState(JSON.parse((event as MessageEvent<string>).data) as BellState);
        } catch {
          // ignore a malformed event
        }
      });
      source.onerror = () => {
        // The browser retries by itself unless the stream is refused (closed for
        // good). Then: stop when the session is gone, else retry, backing off.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        source.close();
        void refusal().then((why) => {
          if (stopped || why === "gone") return;
          retry = setTimeout(connect, delay);
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        });
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, []);
  return state;
}

function BellIcon({ badge }: { badge: string }) {
  return (
    <>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {badge ? (
        <span
          data-testid="notification-badge"
          aria-hidden="true"
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {badge}
        </span>
      ) : null}
    </>
  );
}

/** One unread notification: its title, message and when, all one link that marks it read and opens it (docs/decisions/0267). */
function NotificationItem({ n, close }: { n: BellState["latest"][number]; close: () => void }) {
  const timeZone = useSiteTimeZone();
  const body = (
    <>
      <span className="block font-semibold text-slate-900">{n.title}</span>
      {messageBelowTitle(n) ? <span className="block text-slate-700">{n.message}</span> : null}
      <time
        dateTime={new Date(n.createdAt).toISOString()}
        suppressHydrationWarning
        className="mt-1 block text-xs text-slate-700"
      >
        {relativeTime(n.createdAt, timeZone)}
      </time>
    </>
  );
  return (
    <li className="border-b border-slate-100 text-sm">
      {n.link ? (
        <a
          href={notificationOpenPath(n.id)}
          onClick={close}
          className="block px-4 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
        >
          {body}
        </a>
      ) : (
        <div className="px-4 py-2">{body}</div>
      )}
    </li>
  );
}
