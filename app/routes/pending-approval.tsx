import { defaultPageMeta } from "~/features/seo/meta";
import { redirect } from "react-router";
import { PendingApprovalPage } from "~/features/accounts/account-pages";
import { requireUser } from "~/features/accounts/permissions.server";
import type { Route } from "./+types/pending-approval";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Account pending approval");
}

/** For signed-in members still pending; approved members have nothing to wait for. */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireUser(request);
  if (member.status !== "pending") throw redirect("/");
  return null;
}

export default function PendingApproval() {
  return <PendingApprovalPage />;
}
