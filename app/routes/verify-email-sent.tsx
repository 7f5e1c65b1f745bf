import { defaultPageMeta } from "~/features/seo/meta";
import { VerifyEmailSentPage } from "~/features/accounts/account-pages";
import { readEmailForm } from "~/features/accounts/password-reset.server";
import type { Route } from "./+types/verify-email-sent";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Check your email");
}

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const form = new FormData();
  form.set("email", query.get("email") ?? "");
  const parsed = readEmailForm(form);
  return { email: parsed.ok ? parsed.email : null };
}

export default function VerifyEmailSent({ loaderData }: Route.ComponentProps) {
  return <VerifyEmailSentPage email={loaderData.email} />;
}
