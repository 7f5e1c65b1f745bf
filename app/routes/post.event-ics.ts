import { data } from "react-router";
import { postBySlug } from "~/features/posts/posts.server";
import { eventIcs, hasEvent } from "~/features/events/event-view.server";
import { withPageKeys } from "~/features/layout/cache-headers";
import { services } from "~/lib/services.server";
import type { Route } from "./+types/post.event-ics";

/**
 * /post/{slug}/event.ics (docs/decisions/0115): a visible event post's event as an
 * iCalendar file, downloaded by "Add to calendar". 404 for any other post.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const post = await postBySlug(db, params.slug);
  if (!post || !hasEvent(post)) throw data("Not found", { status: 404 });
  const ics = eventIcs(post, { name: config.siteName, url: config.siteUrl });
  return new Response(ics, {
    headers: withPageKeys(
      {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${post.slug}.ics"`,
        "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
      },
      [`post:${post.id}`],
    ),
  });
}
