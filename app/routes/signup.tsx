import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { clientIp } from "~/features/accounts/request.server";
import { linkedinEnabled } from "~/features/accounts/linkedin.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { SignupForm } from "~/features/accounts/signup-form";
import { refusal, signupFields, signupForm } from "~/features/accounts/forms.server";
import {
  elapsedSince,
  issueTimeToken,
  memberCount,
  signUp,
} from "~/features/accounts/signup.server";
import type { Route } from "./+types/signup";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm } from "~/lib/read-input.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Join Free Now");
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/");
  return {
    memberCount: await memberCount(db()),
    timeToken: issueTimeToken(runtime().config.authSecret),
    linkedin: linkedinEnabled(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const secret = runtime().config.authSecret;
  const schema = signupForm((token) => elapsedSince(secret, token));
  const read = await readForm(request, schema, { limit: SMALL_BODY_LIMIT_BYTES });
  const input = read.ok ? read.data : signupFields.parse(read.fields);
  const result = read.ok
    ? await signUp({ db: db(), auth: auth(), secret }, input, {
        ip: clientIp(context),
        headers: request.headers,
      })
    : { ok: false as const, error: refusal(read, schema), status: 400 };
  if (result.ok) throw redirect(`/verify-otp?email=${encodeURIComponent(result.email)}`);
  const values = {
    fullName: input.fullName,
    username: input.username,
    email: input.email,
    terms: input.terms,
  };
  return data(
    {
      error: result.error,
      values,
      // The form keeps its start time; a missing or forged token is replaced.
      timeToken:
        elapsedSince(secret, input.timeToken) >= 0 ? input.timeToken : issueTimeToken(secret),
    },
    { status: result.status },
  );
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignupForm
      memberCount={loaderData.memberCount}
      timeToken={actionData?.timeToken ?? loaderData.timeToken}
      error={actionData?.error}
      values={actionData?.values}
      linkedin={loaderData.linkedin}
    />
  );
}
