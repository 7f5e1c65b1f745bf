import { defaultPageMeta } from "~/features/seo/meta";
import { data } from "react-router";
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from "#server/http/limits";
import { readForm, readQuery } from "~/lib/read-input.server";
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
  type ProfileValues,
} from "~/features/profiles/edit-profile.server";
import type { Route } from "./+types/edit-profile";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Edit Profile", { noindex: true });
}

/** ?firstTime=true: the first visit after sign-up (the query cannot fail: any other value is false). */
function firstTimeOf(request: Request) {
  const query = readQuery(request, editProfileQuery);
  return query.ok && query.data.firstTime;
}

/** Under the signed-in guard (app/routes.ts): visitors and blocked members go to /login. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await loadEditableProfile(services(context).db, actor(context).id);
  if (!profile) throw new Response("User not found", { status: 404 });
  const firstTime = firstTimeOf(request);
  return {
    firstTime,
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

/** Under the signed-in guard: the member is known before the body is read. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, log } = services(context);
  const member = actor(context);
  // Only a photo makes a body this large; the cap holds without Content-Length too.
  const read = await readForm(request, editProfileForm, {
    limit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
  });
  if (!read.ok && read.problem === "too-large") {
    return data(
      { photo: true as const, ok: false, error: PROFILE_MESSAGES.photoTooLarge },
      { status: 413 },
    );
  }
  if (!read.ok && read.problem === "unreadable") {
    return data(
      { photo: false as const, ok: false, error: PROFILE_MESSAGES.failed, fieldErrors: {} },
      { status: 400 },
    );
  }
  if (!read.ok && "photo" in read.fieldErrors) {
    return data(
      { photo: true as const, ok: false, error: read.fieldErrors.photo },
      { status: 400 },
    );
  }
  if (!read.ok) {
    const fieldErrors: Partial<Record<keyof ProfileValues, string>> = read.fieldErrors;
    return data(
      {
        photo: false as const,
        ok: false as const,
        status: 400 as const,
        error: read.message ?? PROFILE_MESSAGES.failed,
        fieldErrors,
        values: profileFields.parse(read.fields),
      },
      { status: 400 },
    );
  }
  if (read.data.intent === "photo") {
    const result = await uploadProfilePhoto(
      db,
      storage,
      member,
      new Uint8Array(await read.data.photo.arrayBuffer()),
      { log: (error, message) => log.error({ err: error }, message) },
    );
    if (!result.ok) {
      return data(
        { photo: true as const, ok: false, error: result.error },
        { status: result.status },
      );
    }
    return { photo: true as const, ok: true, message: result.message, url: result.url };
  }
  const { intent: _save, ...values } = read.data;
  const result = await saveProfile(db, member, values, {
    firstTime: firstTimeOf(request),
    log: (error) => log.error({ err: error }, "profile save"),
  });
  if (!result.ok)
    return data({ photo: false as const, ...result, values }, { status: result.status });
  return { photo: false as const, ...result, values };
}

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const photo = actionData?.photo ? actionData : null;
  const save = actionData && !actionData.photo ? actionData : null;
  return (
    <EditProfileForm
      key={save?.ok ? "saved" : "form"}
      firstTime={loaderData.firstTime}
      username={loaderData.username}
      photoUrl={loaderData.photoUrl}
      cancelTo={loaderData.cancelTo}
      values={save && "values" in save && save.values ? save.values : loaderData.values}
      result={save}
      photoResult={photo}
    />
  );
}
