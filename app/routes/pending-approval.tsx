import { defaultPageMeta } from "~/features/seo/meta";
import { redirect } from "react-router";
import { PendingApprovalPage } from "~/features/accounts/account-pages";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/pending-approval";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Account pending approval");
}

/**
 * For signed-in members still pending; approved members have nothing to wait
 * for. Under the signed-in guard (app/routes.ts): visitors go to /login.
 */
export function loader({ context }: Route.LoaderArgs) {
  const member = actor(context);
  if (member.status !== "pending") throw redirect("/");
  return null;
}

export default function PendingApproval() {
  return <PendingApprovalPage />;
}
