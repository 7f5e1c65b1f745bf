import { defaultPageMeta } from "~/features/seo/meta";
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from "#server/http/limits";
import { readQuery } from "~/lib/read-input.server";
import { defineAction } from "~/pipeline/action.server";
import { services } from "~/lib/services.server";
import { actor } from "~/pipeline/guards.server";
import { EditProfileForm } from "~/features/profiles/edit-profile-form";
import {
  editProfileForm,
  editProfileQuery,
  loadEditableProfile,
  PROFILE_MESSAGES,
  profileFields,
  saveProfile,
  uploadProfilePhoto,
} from "~/features/profiles/edit-profile.server";
import { OTP_MESSAGES } from "~/features/accounts/verify-otp.server";
import type { Route } from "./+types/edit-profile";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Edit Profile", { noindex: true });
}

/** ?firstTime=true: the first visit after sign-up (the query cannot fail: any other value is false). */
function firstTimeOf(request: Request) {
  const query = readQuery(request, editProfileQuery);
  return query.ok && query.data.firstTime;
}

/** &verified=1: just signed in by the e-mail code (docs/decisions/0256). */
function verifiedOf(request: Request) {
  const query = readQuery(request, editProfileQuery);
  return query.ok && query.data.verified;
}

/** Under the signed-in guard (app/routes.ts): visitors and blocked members go to /login. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await loadEditableProfile(services(context).db, actor(context).id);
  if (!profile) throw new Response("User not found", { status: 404 });
  const firstTime = firstTimeOf(request);
  const pending = actor(context).status === "pending";
  return {
    firstTime,
    verifiedNotice: firstTime && pending && verifiedOf(request) ? OTP_MESSAGES.verified : null,
    awaitingApproval: pending,
    username: profile.username,
    photoUrl: profile.profilePhotoUrl,
    cancelTo: firstTime ? "/" : `/user/${profile.username}`,
    values: {
      fullName: profile.fullName ?? "",
      userType: profile.userType ?? "",
      bio: profile.bio ?? "",
      locationCity: profile.locationCity ?? "",
      locationCountry: profile.locationCountry ?? "",
      linkedinUrl: profile.linkedinUrl ?? "",
      websiteUrl: profile.websiteUrl ?? "",
    },
  };
}

/**
 * Under the signed-in guard, and on the helper (docs/request-pipeline.md): the
 * member is known before the body is read. The page's script reads `ok` and
 * `status` in every answer, so they go on the wire (`wire: "envelope"`).
 */
export const action = defineAction({
  permission: "notifications.read",
  // Only a photo makes a body this large; the cap holds without Content-Length too.
  limit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
  schema: editProfileForm,
  messages: { schemaMessage: true, invalid: PROFILE_MESSAGES.failed },
  wire: "envelope",
  // A method other than POST (405), in the page's shape.
  refusedBody: ({ error }) => ({
    photo: false as const,
    ok: false as const,
    status: 405,
    error,
    fieldErrors: {},
  }),
  refused: (_services, _member, { problem, error, fieldErrors = {}, fields }) => {
    if (problem === "too-large") {
      const status = 413;
      return {
        photo: true as const,
        ok: false as const,
        status,
        error: PROFILE_MESSAGES.photoTooLarge,
      };
    }
    if (problem !== "invalid") {
      const error = PROFILE_MESSAGES.failed;
      return { photo: false as const, ok: false as const, status: 400, error, fieldErrors: {} };
    }
    if ("photo" in fieldErrors) {
      return { photo: true as const, ok: false as const, status: 400, error: fieldErrors.photo };
    }
    return {
      photo: false as const,
      ok: false as const,
      status: 400 as const,
      error,
      fieldErrors,
      values: profileFields.parse(fields ?? {}),
    };
  },
  run: async ({ db, storage, log }, member, input, { request }) => {
    if (input.intent === "photo") {
      const result = await uploadProfilePhoto(
        db,
        storage,
        member,
        new Uint8Array(await input.photo.arrayBuffer()),
        { log: (error, message) => log.error({ err: error }, message) },
      );
      if (!result.ok) {
        return {
          photo: true as const,
          ok: false as const,
          status: result.status,
          error: result.error,
        };
      }
      return { photo: true as const, ok: true as const, message: result.message, url: result.url };
    }
    const { intent: _save, ...values } = input;
    const result = await saveProfile(db, member, values, {
      firstTime: firstTimeOf(request),
      log: (error) => log.error({ err: error }, "profile save"),
    });
    return { photo: false as const, ...result, values };
  },
});

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const photo = actionData?.photo ? actionData : null;
  const save = actionData && !actionData.photo ? actionData : null;
  return (
    <EditProfileForm
      key={save?.ok ? "saved" : "form"}
      firstTime={loaderData.firstTime}
      verifiedNotice={loaderData.verifiedNotice}
      awaitingApproval={loaderData.awaitingApproval}
      username={loaderData.username}
      photoUrl={loaderData.photoUrl}
      cancelTo={loaderData.cancelTo}
      values={save && "values" in save && save.values ? save.values : loaderData.values}
      result={save}
      photoResult={photo}
    />
  );
}
