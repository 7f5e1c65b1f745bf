import { defaultPageMeta } from "~/features/seo/meta";
import { redirect } from "react-router";
import { linkedinEnabled } from "~/features/accounts/linkedin.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { SignupForm } from "~/features/accounts/signup-form";
import { refusal, signupFields, signupForm } from "~/features/accounts/forms.server";
import type { FormFields } from "~/lib/read-input.server";
import { definePublicAction } from "~/pipeline/action.server";
import {
  elapsedSince,
  issueTimeToken,
  memberCount,
  signUp,
} from "~/features/accounts/signup.server";
import type { Route } from "./+types/signup";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { services } from "~/lib/services.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Join Free Now");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  if (await getSessionUser(request, services(context))) throw redirect("/");
  return {
    memberCount: await memberCount(db),
    timeToken: issueTimeToken(config.authSecret),
    linkedin: linkedinEnabled(config),
  };
}

/** The form again after a refusal: what was typed and its start time (a missing or forged token replaced). */
function typedAgain(secret: string, fields: FormFields | null) {
  const input = signupFields.parse(fields ?? {});
  return {
    values: {
      fullName: input.fullName,
      username: input.username,
      email: input.email,
      terms: input.terms,
    },
    timeToken:
      elapsedSince(secret, input.timeToken) >= 0 ? input.timeToken : issueTimeToken(secret),
  };
}

/**
 * The form as typed (signupFields never refuses a form); signUp checks it in
 * docs/product/accounts.md#sign-up's order, with the site's secret for the time token.
 */
export const action = definePublicAction({
  schema: signupFields,
  limit: SMALL_BODY_LIMIT_BYTES,
  // A body that could not be read: the words an empty form gets.
  refused: ({ config }, _actor, { fields }) => {
    const secret = config.authSecret;
    const schema = signupForm((token) => elapsedSince(secret, token));
    return {
      ok: false as const,
      status: 400,
      error: refusal({ message: null }, schema),
      ...typedAgain(secret, fields),
    };
  },
  run: async ({ db, auth, config }, _actor, input, { request, fields, ip }) => {
    const secret = config.authSecret;
    const result = await signUp({ db, auth, secret }, input, { ip, headers: request.headers });
    if (result.ok)
      return { ok: true, redirect: `/verify-otp?email=${encodeURIComponent(result.email)}` };
    return { ok: false, status: result.status, error: result.error, ...typedAgain(secret, fields) };
  },
});

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignupForm
      memberCount={loaderData.memberCount}
      timeToken={
        actionData && "timeToken" in actionData ? actionData.timeToken : loaderData.timeToken
      }
      error={actionData?.error}
      values={actionData && "values" in actionData ? actionData.values : undefined}
      linkedin={loaderData.linkedin}
    />
  );
}
