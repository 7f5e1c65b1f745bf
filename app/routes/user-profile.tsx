import { data } from "react-router";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { getSessionUser } from "~/features/accounts/session.server";
import { follow, unfollow } from "~/features/follows/follows.server";
import { ProfilePage, UserNotFound } from "~/features/profiles/profile-page";
import { findProfileByUsername, loadProfilePage } from "~/features/profiles/public-profile.server";
import { TEXT_FORM_LIMIT_BYTES } from "#server/http/limits";
import { readQuery } from "~/lib/read-input.server";
import { defineAction } from "~/pipeline/action.server";
import { z } from "zod";
import { onceTextOrNull } from "~/lib/form-fields";
import { archiveQuery } from "~/features/posts/archive-query.server";
import { defaultPageMeta, siteOf } from "~/features/seo/meta";
import { profileMeta } from "~/features/seo/profile-meta";
import type { Route } from "./+types/user-profile";
import { services } from "~/lib/services.server";

export function meta(args: Route.MetaArgs) {
  const loaded = args.loaderData;
  if (!loaded || !("page" in loaded) || !loaded.page) {
    return defaultPageMeta(args, "User not found", { noindex: true });
  }
  return profileMeta(loaded.page, siteOf(args.matches));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const query = readQuery(request, archiveQuery);
  if (!query.ok) return data({ page: null }, { status: 404 });
  const viewer = await getSessionUser(request, services(context));
  const page = await loadProfilePage(db, params.username, viewer, query.data.page);
  if (!page) return data({ page: null }, { status: 404 });
  return { page };
}

/**
 * Follow or Unfollow (the idempotency key is read by idempotencyKeyOf). An
 * intent that is not one value reads as none: the page answers 404 for a
 * missing member before it answers "Unknown action".
 */
const followForm = z.object({ intent: onceTextOrNull });

/**
 * The helper guards before the body is read: visitors and blocked members →
 * /login, pending members → /pending-approval (follow.create, requireCan).
 * An unreadable body answers 400 "Unknown action", as a form without an
 * intent does.
 */
export const action = defineAction({
  permission: "follow.create",
  schema: followForm,
  limit: TEXT_FORM_LIMIT_BYTES,
  messages: { invalid: "Unknown action" },
  run: async ({ db, jobs }, member, { intent }, { request, params, form }) => {
    const target = await findProfileByUsername(db, params.username ?? "");
    if (!target || target.status === "blocked") {
      return { ok: false, status: 404, error: "User not found" };
    }
    const back = `/user/${target.username}`;
    // A resubmitted Follow or Unfollow writes once (docs/decisions/0095).
    const idempotencyKey = idempotencyKeyOf(request, form);
    const keyReused = { ok: false, status: 400, error: "Invalid request" } as const;
    if (intent === "unfollow") {
      const result = await unfollow(db, member, target.id, { idempotencyKey });
      if (!result.ok && result.status === 400) return keyReused;
      return { ok: true, redirect: back };
    }
    if (intent === "follow") {
      const result = await follow(
        db,
        member,
        { id: target.id, role: target.role },
        { idempotencyKey, jobs },
      );
      if (!result.ok && result.status === 400) return keyReused;
      if (!result.ok) {
        const error =
          target.id === member.id
            ? "You cannot follow yourself"
            : "Only mentors and admins can be followed";
        return { ok: false, status: 403, error };
      }
      return { ok: true, redirect: back };
    }
    return { ok: false, status: 400, error: "Unknown action" };
  },
});

export default function UserProfile({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.page) return <UserNotFound />;
  return <ProfilePage data={loaderData.page} error={actionData?.error} />;
}
