import { data, redirect } from "react-router";
import { z } from "zod";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { afterLoginPath, safeRedirect } from "~/features/accounts/login.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { TwoFactorSignInForm } from "~/features/accounts/two-factor-forms";
import { signInCodeForm, verifySignInCode } from "~/features/accounts/two-factor.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { formText, readQuery, type FormFields } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { definePublicAction } from "~/pipeline/action.server";
import type { Route } from "./+types/login.two-factor";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Two-factor authentication", { noindex: true });
}

const query = z.object({ redirectTo: formText, recovery: formText });

/** The second step of a password sign-in for a member with two-factor authentication on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const read = readQuery(request, query);
  if (!read.ok) throw data(read.message, { status: 400 });
  const redirectTo = safeRedirect(read.data.redirectTo);
  if (await getSessionUser(request, services(context))) throw redirect(redirectTo);
  return { redirectTo, recovery: read.data.recovery === "1" };
}

/** Which form the page shows again: the recovery code's, or the app's. */
const methodOf = (fields: FormFields | null) =>
  fields?.method === "recovery" ? ("recovery" as const) : ("totp" as const);

const ENTER_THE_CODE = "Enter the code.";

export const action = definePublicAction({
  schema: signInCodeForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: { schemaMessage: true, invalid: ENTER_THE_CODE, tooLarge: ENTER_THE_CODE },
  refused: (_services, _actor, { error, fields }) => ({
    ok: false as const,
    status: 400,
    error,
    method: methodOf(fields),
  }),
  run: async ({ db, auth }, _actor, input, { request, fields, ip }) => {
    const result = await verifySignInCode(
      { db, auth },
      { code: input.code, method: input.method },
      { ip, headers: request.headers },
    );
    if (!result.ok)
      return { ok: false, status: result.status, error: result.error, method: methodOf(fields) };
    return {
      ok: true,
      redirect: afterLoginPath(result.profileCompleted ?? true, input.redirectTo),
      setCookie: result.setCookie,
    };
  },
});

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TwoFactorSignInForm
      recovery={
        actionData && "method" in actionData
          ? actionData.method === "recovery"
          : loaderData.recovery
      }
      error={actionData?.error}
      redirectTo={loaderData.redirectTo}
    />
  );
}
