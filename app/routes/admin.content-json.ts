import { redirect } from "react-router";
import { db } from "#server/db/client";
import { exportContent } from "#server/backup/export";
import { requestContext } from "#server/http/request-context";
import { runtime } from "#server/runtime";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { recordAdminAction } from "~/features/audit/audit.server";
import type { Route } from "./+types/admin.content-json";

/**
 * The site's content as one JSON file (issue 22; the same content.json as
 * `npm run export`, without the media files, which are at their URLs).
 * Admins only; everyone else goes to /. Members' e-mail addresses only with
 * `?emails=1`, and the audit log says which.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const includeEmails = new URL(request.url).searchParams.get("emails") === "1";
  const { siteUrl, siteName } = runtime().config;
  let body: string;
  try {
    const content = await exportContent(db(), { url: siteUrl, name: siteName }, includeEmails);
    await recordAdminAction(db(), actor, {
      action: "content.export",
      details: { posts: content.posts.length, emails: includeEmails },
    });
    body = JSON.stringify(content, null, 2) + "\n";
  } catch (error) {
    context.get(requestContext).log.error({ err: error }, "content export failed");
    throw redirect("/admin", { headers: { "Cache-Control": "private, no-store" } });
  }
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="founderbridge-content-${date}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
