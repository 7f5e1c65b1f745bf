import { data } from "react-router";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { follow, unfollow } from "~/features/follows/follows.server";
import { ProfilePage, UserNotFound } from "~/features/profiles/profile-page";
import { findProfileByUsername, loadProfilePage } from "~/features/profiles/public-profile.server";
import { readQuery } from "~/lib/read-input.server";
import { services, type Services } from "~/lib/services.server";
import { defineIntents, intent, INVALID_REQUEST } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";
import { z } from "zod";
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

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const query = readQuery(request, archiveQuery);
  if (!query.ok) return data({ page: null }, { status: 404 });
  const viewer = await sessionOf(context, request);
  const page = await loadProfilePage(
    services(context).db,
    params.username,
    viewer,
    query.data.page,
  );
  if (!page) return data({ page: null }, { status: 404 });
  return { page };
}

/** Follow or Unfollow: nothing but the intent (the idempotency key is read by idempotencyKeyOf). */
const followForm = z.object({});

/** The member to follow, or the 404 answer. */
async function followTarget({ db }: Pick<Services, "db">, username: string | undefined) {
  const target = await findProfileByUsername(db, username ?? "");
  return !target || target.status === "blocked" ? null : target;
}

const userNotFound = { ok: false, status: 404, error: "User not found" } as const;
const keyReused = { ok: false, status: 400, error: INVALID_REQUEST } as const;

/**
 * intent=follow or unfollow. Visitors and blocked members → /login, pending →
 * /pending-approval, before the body is read (app/pipeline/action.server.ts);
 * a resubmitted Follow or Unfollow writes once (docs/decisions/0095).
 */
export const action = defineIntents({
  intents: {
    unfollow: intent({
      permission: "follow.create",
      schema: followForm,
      run: async (services, member, _input, extra) => {
        const target = await followTarget(services, extra.params.username);
        if (!target) return userNotFound;
        const idempotencyKey = idempotencyKeyOf(extra.request, extra.form);
        const result = await unfollow(services.db, member, target.id, { idempotencyKey });
        if (!result.ok && result.status === 400) return keyReused;
        return { ok: true, redirect: `/user/${target.username}` };
      },
    }),
    follow: intent({
      permission: "follow.create",
      schema: followForm,
      run: async (services, member, _input, extra) => {
        const target = await followTarget(services, extra.params.username);
        if (!target) return userNotFound;
        const idempotencyKey = idempotencyKeyOf(extra.request, extra.form);
        const result = await follow(
          services.db,
          member,
          { id: target.id, role: target.role },
          { idempotencyKey },
        );
        if (!result.ok && result.status === 400) return keyReused;
        if (!result.ok) {
          const error =
            target.id === member.id
              ? "You cannot follow yourself"
              : "Only mentors and admins can be followed";
          return { ok: false, status: 403, error };
        }
        return { ok: true, redirect: `/user/${target.username}` };
      },
    }),
  },
});

export default function UserProfile({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.page) return <UserNotFound />;
  return (
    <ProfilePage
      data={loaderData.page}
      error={actionData && "error" in actionData ? actionData.error : undefined}
    />
  );
}
