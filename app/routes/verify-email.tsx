import { defaultPageMeta } from "~/features/seo/meta";
import { VerifyEmailPage } from "~/features/accounts/account-pages";
import { getSessionUser } from "~/features/accounts/session.server";
import { services } from "~/lib/services.server";
import type { Route } from "./+types/verify-email";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Verify email");
}

/** A session exists only for a confirmed e-mail (getSessionUser ends the others). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { verified: Boolean(await getSessionUser(request, services(context))) };
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return <VerifyEmailPage verified={loaderData.verified} />;
}
