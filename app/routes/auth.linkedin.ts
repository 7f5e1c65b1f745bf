import { redirect } from "react-router";
import { auth } from "#server/auth";
import { hitLimit } from "#server/auth/rate-limit";
import { db } from "#server/db/client";
import {
  LINKEDIN_START_LIMIT,
  linkedinEnabled,
  linkedinQuery,
  startLinkedIn,
} from "~/features/accounts/linkedin.server";
import { clientIp } from "~/features/accounts/request.server";
import { readQuery } from "~/lib/read-input.server";
import type { Route } from "./+types/auth.linkedin";

/**
 * "Sign in with LinkedIn" is a link here (a GET: the site's CSP allows forms to
 * post only to itself, redirects included); it goes on to LinkedIn with a
 * state cookie, and comes back through /auth/callback.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!linkedinEnabled()) throw redirect("/login?error=linkedin_unavailable");
  const limit = await hitLimit(db(), `linkedin-ip:${clientIp(context)}`, LINKEDIN_START_LIMIT);
  if (!limit.allowed) throw redirect("/login?error=linkedin_too_many");
  const query = readQuery(request, linkedinQuery);
  if (!query.ok) throw redirect("/login?error=linkedin");
  const result = await startLinkedIn(auth(), {
    redirectTo: query.data.redirectTo,
    headers: request.headers,
  });
  if (!result.ok) throw redirect(result.location);
  const headers = new Headers({ Location: result.url, "Cache-Control": "no-store" });
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  throw new Response(null, { status: 302, headers });
}
