import { redirect } from "react-router";
import { finishOAuthLogin, linkedinQuery } from "~/features/accounts/linkedin.server";
import { clientIp } from "~/features/accounts/request.server";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import type { Route } from "./+types/auth.callback";

/**
 * The return point of sign-in with LinkedIn (docs/product/accounts.md#sign-in-with-linkedin): Better Auth's own
 * callback (/api/auth/callback/linkedin) has made the session, or sends the
 * error here; this applies the login rules and goes on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth } = services(context);
  const query = readQuery(request, linkedinQuery);
  const result = await finishOAuthLogin(
    { db, auth },
    {
      query: query.ok ? query.data : null,
      headers: request.headers,
      ip: clientIp(context),
      userAgent: request.headers.get("user-agent") ?? "",
    },
  );
  const headers = new Headers();
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  throw redirect(result.location, { headers });
}
