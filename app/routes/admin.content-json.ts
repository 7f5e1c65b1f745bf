import { redirect } from "react-router";
import { exportContent } from "#server/backup/export";
import { requestContext } from "#server/http/request-context";
import { PRIVATE_NO_STORE } from "#server/http/private-cache";
import { services } from "~/lib/services.server";
import { noStore } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import { recordAdminAction } from "~/features/audit/audit.server";
import type { Route } from "./+types/admin.content-json";

/**
 * The site's content as one JSON file (docs/milestones.md#issue-22-operate-it; the same content.json as
 * `npm run export`, without the media files, which are at their URLs).
 * Under the admins' guard (app/routes.ts); everyone else goes to /. Members' e-mail addresses only with
 * `?emails=1`, and the audit log says which.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actor(context);
  const given = services(context);
  const includeEmails = new URL(request.url).searchParams.get("emails") === "1";
  const { siteUrl, siteName } = given.config;
  let body: string;
  try {
    const content = await exportContent(given.db, { url: siteUrl, name: siteName }, includeEmails);
    await recordAdminAction(given.db, admin, {
      action: "content.export",
      details: { posts: content.posts.length, emails: includeEmails },
    });
    body = JSON.stringify(content, null, 2) + "\n";
  } catch (error) {
    context.get(requestContext).log.error({ err: error }, "content export failed");
    throw redirect("/admin", { headers: noStore });
  }
  const date = given.clock.now().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="founderbridge-content-${date}.json"`,
      "Cache-Control": PRIVATE_NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
