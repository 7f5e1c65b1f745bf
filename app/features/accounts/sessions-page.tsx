import { Form, Link, useNavigation } from "react-router";
import { dangerButton, secondaryButton } from "~/components/ui/button-styles";
import { ErrorBox, NoticeBox } from "~/components/ui/form";
import { formatDate } from "~/lib/format";
import { relativeTime } from "~/lib/relative-time";
import { useSiteTimeZone } from "~/lib/site-time-zone";

export type SessionItem = {
  id: string;
  device: string;
  place: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
};

/**
 * /settings/sessions (docs/decisions/0174): the browsers signed in to the
 * account, this one first; each other one can be ended, or all of them at
 * once. Plain forms: they work without JavaScript. `now` is the server's
 * time, so "last seen" reads the same on the server and in the browser.
 */
export function SessionsPage({
  sessions,
  now,
  notice,
  error,
}: {
  sessions: SessionItem[];
  now: string;
  notice: string | null;
  error: string | null;
}) {
  const timeZone = useSiteTimeZone();
  const submitting = useNavigation().state === "submitting";
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-extrabold text-brand-900">Active sessions</h1>
      <p className="mt-2 text-slate-700">
        These are the browsers signed in to your account. If you do not recognise one, end it and{" "}
        <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
          reset your password
        </Link>
        .
      </p>
      <div className="mt-6 space-y-4">
        {notice ? <NoticeBox>{notice}</NoticeBox> : null}
        {error ? <ErrorBox>{error}</ErrorBox> : null}
      </div>
      <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 p-4"
            data-testid="session"
          >
            <div>
              <p className="font-semibold text-slate-900">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                    This browser
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-700">
                {session.place ?? "Place unknown"} ·{" "}
                {session.current
                  ? "Active now"
                  : `Last seen ${relativeTime(session.lastSeenAt, timeZone, new Date(now)).replace(/^Just now$/, "just now")}`}{" "}
                · Signed in {formatDate(session.signedInAt, timeZone)}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button type="submit" className={secondaryButton} disabled={submitting}>
                  End session<span className="sr-only">: {session.device}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" className={dangerButton} disabled={submitting}>
            End all other sessions
          </button>
        </Form>
      ) : (
        <p className="mt-6 text-sm text-slate-700">You are signed in only here.</p>
      )}
    </div>
  );
}
