import { redirect } from "react-router";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { finishOAuthLogin } from "~/features/accounts/linkedin.server";
import { clientIp } from "~/features/accounts/request.server";
import type { Route } from "./+types/auth.callback";

/**
 * The return point of sign-in with LinkedIn (docs/product/accounts.md#sign-in-with-linkedin): Better Auth's own
 * callback (/api/auth/callback/linkedin) has made the session, or sends the
 * error here; this applies the login rules and goes on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await finishOAuthLogin({ db: db(), auth: auth() }, request, {
    ip: clientIp(context),
    userAgent: request.headers.get("user-agent") ?? "",
  });
  const headers = new Headers();
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  throw redirect(result.location, { headers });
}
