import { data, redirect } from "react-router";
import { db } from "#server/db/client";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { requireCan } from "~/features/accounts/permissions.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { follow, unfollow } from "~/features/follows/follows.server";
import { ProfilePage, UserNotFound } from "~/features/profiles/profile-page";
import { findProfileByUsername, loadProfilePage } from "~/features/profiles/public-profile.server";
import { TEXT_FORM_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import { readForm, readQuery } from "~/lib/read-input.server";
import { z } from "zod";
import { onceTextOrNull } from "~/lib/form-fields";
import { archiveQuery } from "~/features/posts/archive-query.server";
import { defaultPageMeta, siteOf } from "~/features/seo/meta";
import { profileMeta } from "~/features/seo/profile-meta";
import type { Route } from "./+types/user-profile";

export function meta(args: Route.MetaArgs) {
  const loaded = args.loaderData;
  if (!loaded || !("page" in loaded) || !loaded.page) {
    return defaultPageMeta(args, "User not found", { noindex: true });
  }
  return profileMeta(loaded.page, siteOf(args.matches));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const query = readQuery(request, archiveQuery);
  if (!query.ok) return data({ page: null }, { status: 404 });
  const viewer = await getSessionUser(request);
  const page = await loadProfilePage(db(), params.username, viewer, query.data.page);
  if (!page) return data({ page: null }, { status: 404 });
  return { page };
}

/** Follow or Unfollow (the idempotency key is read by idempotencyKeyOf). */
const followForm = z.object({ intent: onceTextOrNull });

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await getSessionUser(request);
  const body = await readForm(request, followForm, { limit: TEXT_FORM_LIMIT_BYTES });
  if (!body.ok && body.problem === "too-large") {
    return data({ error: TOO_LARGE_MESSAGE }, { status: 413 });
  }
  const form = body.form ?? new FormData();
  const intent = body.ok ? body.data.intent : null;
  const target = await findProfileByUsername(db(), params.username);
  if (!target || target.status === "blocked") {
    return data({ error: "User not found" }, { status: 404 });
  }
  const back = `/user/${target.username}`;
  // A resubmitted Follow or Unfollow writes once (docs/decisions/0095).
  const idempotencyKey = idempotencyKeyOf(request, form);
  const keyReused = data({ error: "Invalid request" }, { status: 400 });
  if (intent === "unfollow") {
    const member = requireCan(actor, request, "follow.create");
    const result = await unfollow(db(), member, target.id, { idempotencyKey });
    if (!result.ok && result.status === 400) return keyReused;
    throw redirect(back);
  }
  if (intent === "follow") {
    // Visitors → /login, pending → /pending-approval, the rest decided below.
    const member = requireCan(actor, request, "follow.create");
    const result = await follow(
      db(),
      member,
      { id: target.id, role: target.role },
      { idempotencyKey },
    );
    if (!result.ok && result.status === 400) return keyReused;
    if (!result.ok) {
      return data(
        {
          error:
            target.id === member.id
              ? "You cannot follow yourself"
              : "Only mentors and admins can be followed",
        },
        { status: 403 },
      );
    }
    throw redirect(back);
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function UserProfile({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.page) return <UserNotFound />;
  return <ProfilePage data={loaderData.page} error={actionData?.error} />;
}
