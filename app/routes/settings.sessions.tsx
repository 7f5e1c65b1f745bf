import { data, redirect } from "react-router";
import { db } from "#server/db/client";
import { SMALL_BODY_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import { runtime } from "#server/runtime";
import { requireUser } from "~/features/accounts/permissions.server";
import { SessionsPage } from "~/features/accounts/sessions-page";
import {
  endAllOtherSessions,
  endSession,
  SESSION_MESSAGES,
  sessionsForm,
  sessionsOf,
} from "~/features/accounts/sessions.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { readForm } from "~/lib/read-input.server";
import type { Route } from "./+types/settings.sessions";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Active sessions", { noindex: true });
}

const NOTICES: Record<string, string> = {
  one: SESSION_MESSAGES.endedOne,
  others: SESSION_MESSAGES.endedOthers,
};

/** Any signed-in member (visitors and blocked members go to /login). */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireUser(request);
  const sessions = await sessionsOf(db(), member, runtime().config.geo.databasePath);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return { sessions, now: new Date().toISOString(), notice: NOTICES[done] ?? null };
}

const refused = (error: string, status: number) => data({ error }, { status });

/** Ends one of the member's sessions, or all the others; the server checks each is theirs. */
export async function action({ request }: Route.ActionArgs) {
  const member = await requireUser(request);
  const read = await readForm(request, sessionsForm, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!read.ok) {
    return read.problem === "too-large"
      ? refused(TOO_LARGE_MESSAGE, 413)
      : refused(SESSION_MESSAGES.badRequest, 400);
  }
  if (read.data.intent === "end-others") {
    await endAllOtherSessions(db(), member);
    throw redirect("/settings/sessions?done=others");
  }
  if (!(await endSession(db(), member.id, read.data.sessionId)))
    return refused(SESSION_MESSAGES.notYours, 404);
  // Ending this browser's own session is signing out.
  throw redirect(
    read.data.sessionId === member.sessionId ? "/login" : "/settings/sessions?done=one",
  );
}

export default function SettingsSessions({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SessionsPage
      sessions={loaderData.sessions}
      now={loaderData.now}
      notice={actionData ? null : loaderData.notice}
      error={actionData?.error ?? null}
    />
  );
}
