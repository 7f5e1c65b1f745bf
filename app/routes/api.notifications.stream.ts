import { can } from "~/features/accounts/permissions";
import { getSessionUserNow } from "~/features/accounts/session.server";
import { notificationStream } from "~/features/notifications/stream.server";
import { services } from "~/lib/services.server";
import { sessionOf } from "~/pipeline/guards.server";
import type { Route } from "./+types/api.notifications.stream";

/** GET: the signed-in member's notification events (text/event-stream); 401 otherwise. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, listener, log } = services(context);
  const member = await sessionOf(context, request);
  if (!member || !can(member, "notifications.read")) {
    return Response.json(
      { error: "Sign in to receive notifications" },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  return notificationStream(
    { db, listener },
    member.id,
    request.signal,
    (error) => log.warn({ err: error }, "notification stream"),
    {
      // The session may end while the stream is open (blocked, signed out elsewhere).
      stillAllowed: async () => {
        const now = await getSessionUserNow(request, services(context));
        return Boolean(now && now.id === member.id && can(now, "notifications.read"));
      },
    },
  );
}
