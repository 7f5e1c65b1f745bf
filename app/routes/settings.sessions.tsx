import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { SessionsPage } from "~/features/accounts/sessions-page";
import {
  endAllOtherSessions,
  endSession,
  SESSION_MESSAGES,
  sessionsForm,
  sessionsOf,
} from "~/features/accounts/sessions.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { services } from "~/lib/services.server";
import { defineAction } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/settings.sessions";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Active sessions", { noindex: true });
}

const NOTICES: Record<string, string> = {
  one: SESSION_MESSAGES.endedOne,
  others: SESSION_MESSAGES.endedOthers,
};

/** Under the signed-in guard (app/routes.ts): visitors and blocked members go to /login. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const sessions = await sessionsOf(db, actor(context), config.geo.databasePath);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return { sessions, now: new Date().toISOString(), notice: NOTICES[done] ?? null };
}

/**
 * Ends one of the member's sessions, or all the others; the server checks each is theirs.
 * Any signed-in member ("notifications.read" is every signed-in role, as the guard).
 */
export const action = defineAction({
  permission: "notifications.read",
  schema: sessionsForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: { invalid: SESSION_MESSAGES.badRequest },
  run: async ({ db }, member, input) => {
    if (input.intent === "end-others") {
      await endAllOtherSessions(db, member);
      return { ok: true, redirect: "/settings/sessions?done=others" };
    }
    if (!(await endSession(db, member.id, input.sessionId)))
      return { ok: false, status: 404, error: SESSION_MESSAGES.notYours };
    // Ending this browser's own session is signing out.
    return {
      ok: true,
      redirect: input.sessionId === member.sessionId ? "/login" : "/settings/sessions?done=one",
    };
  },
});

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
