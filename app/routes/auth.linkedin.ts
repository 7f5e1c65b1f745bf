import { redirect } from "react-router";
import { hitLimit } from "#server/auth/rate-limit";
import {
  LINKEDIN_START_LIMIT,
  linkedinEnabled,
  linkedinQuery,
  startLinkedIn,
} from "~/features/accounts/linkedin.server";
import { clientIp } from "~/features/accounts/request.server";
import { readQuery } from "~/lib/read-input.server";
import type { Route } from "./+types/auth.linkedin";
import { services } from "~/lib/services.server";

/**
 * "Sign in with LinkedIn" is a link here (a GET: the site's CSP allows forms to
 * post only to itself, redirects included); it goes on to LinkedIn with a
 * state cookie, and comes back through /auth/callback.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  if (!linkedinEnabled(services(context).config))
    throw redirect("/login?error=linkedin_unavailable");
  const limit = await hitLimit(db, `linkedin-ip:${clientIp(context)}`, LINKEDIN_START_LIMIT);
  if (!limit.allowed) throw redirect("/login?error=linkedin_too_many");
  const query = readQuery(request, linkedinQuery);
  if (!query.ok) throw redirect("/login?error=linkedin");
  const result = await startLinkedIn(services(context).auth, {
    redirectTo: query.data.redirectTo,
    headers: request.headers,
  });
  if (!result.ok) throw redirect(result.location);
  const headers = new Headers({ Location: result.url, "Cache-Control": "no-store" });
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  throw new Response(null, { status: 302, headers });
}
