import { redirect } from "react-router";
import { SMALL_BODY_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import {
  ADMIN_TWO_FACTOR_MESSAGES,
  adminTwoFactorRequired,
} from "~/features/accounts/admin-two-factor.server";
import { endSessionsBeforeTwoFactor, SESSION_MESSAGES } from "~/features/accounts/sessions.server";
import { TwoFactorSettingsPage } from "~/features/accounts/two-factor-forms";
import {
  confirmEnrolment,
  disableTwoFactor,
  enrolmentView,
  settingsForm,
  startEnrolment,
  TWO_FACTOR_MESSAGES,
  twoFactorEnabled,
  type Enrolment,
} from "~/features/accounts/two-factor.server";
import { twoFactorReturnPath } from "~/features/accounts/two-factor-setup";
import { defaultPageMeta } from "~/features/seo/meta";
import { formText } from "~/lib/read-input.server";
import { defineAction } from "~/pipeline/action.server";
import { services } from "~/lib/services.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/settings.two-factor";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Two-factor authentication", { noindex: true });
}

/**
 * Under the signed-in guard (app/routes.ts): any signed-in member, a held
 * admin too (visitors and blocked members go to /login).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, auth } = services(context);
  const member = actor(context);
  const params = new URL(request.url).searchParams;
  const done = params.get("done");
  const enabled = await twoFactorEnabled(auth, request.headers);
  // The admins' guard sends an admin here while the site requires a second factor (decision 0140).
  const required =
    params.get("required") === "admin" &&
    member.role === "admin" &&
    !enabled &&
    (await adminTwoFactorRequired(db));
  const notice =
    done === "on"
      ? params.get("others") === "ended"
        ? `${TWO_FACTOR_MESSAGES.enabled} ${SESSION_MESSAGES.twoFactorEndedOthers}`
        : TWO_FACTOR_MESSAGES.enabled
      : done === "off"
        ? TWO_FACTOR_MESSAGES.disabled
        : required
          ? ADMIN_TWO_FACTOR_MESSAGES.required
          : null;
  // Where the admin was going, to go on to once codes are on (docs/decisions/0258).
  const returnTo = twoFactorReturnPath(params.get("redirectTo"));
  return { enabled, notice, returnTo, siteName: services(context).config.siteName };
}

/**
 * The library renews the session when codes are turned on or off (the old one
 * is deleted), so the answer is a redirect carrying the new cookie: this
 * request's loader would still see the old one.
 */
function renewed(setCookie: string[], done: "on" | "off", othersEnded = false): never {
  const headers = new Headers();
  for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
  throw redirect(`/settings/two-factor?done=${done}${othersEnded ? "&others=ended" : ""}`, {
    headers,
  });
}

type ActionData = {
  enabled: boolean;
  enrolment: Enrolment | null;
  notice: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
};

/** The page's action data: what `body` says, the rest empty. */
const full = (body: Partial<ActionData> & { enabled: boolean }): ActionData => ({
  enrolment: null,
  notice: null,
  error: null,
  fieldErrors: {},
  ...body,
});

/**
 * Under the signed-in guard, and the helper's (notifications.read: any
 * signed-in member, a held admin too): the member is known before the body is
 * read. A refused body answers the page's data: 413 with the helper's words,
 * 400 with the fields' errors (a confirm form without a code keeps showing the
 * QR code and recovery codes).
 */
export const action = defineAction({
  permission: "notifications.read",
  schema: settingsForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  refused: async ({ auth }, _member, refused, { request }) => {
    const enabled = await twoFactorEnabled(auth, request.headers);
    if (refused.problem === "too-large") {
      return { ok: false, status: 413, ...full({ enabled, error: TOO_LARGE_MESSAGE }) };
    }
    const fields = refused.fields ?? {};
    const enrolment =
      fields.intent === "confirm"
        ? await enrolmentView(
            formText.parse(fields.totpURI),
            formText.parse(fields.recoveryCodes).split(/\s+/).filter(Boolean),
          )
        : null;
    return {
      ok: false,
      status: 400,
      ...full({ enabled, enrolment, fieldErrors: refused.fieldErrors ?? {} }),
    };
  },
  run: async ({ db, auth }, member, form, { request, ip }) => {
    const deps = { db, auth };
    const enabled = await twoFactorEnabled(deps.auth, request.headers);
    const ctx = { ip, headers: request.headers };
    if (form.intent === "start") {
      const started = await startEnrolment(deps.auth, form.password, request.headers);
      if (!started.ok) {
        const fieldErrors = { password: started.error };
        return { ok: false, status: started.status, ...full({ enabled, fieldErrors }) };
      }
      return { ok: true, ...full({ enabled, enrolment: started.enrolment }) };
    }
    if (form.intent === "confirm") {
      const confirmed = await confirmEnrolment(deps, member.id, form.code, ctx);
      if (!confirmed.ok) {
        const enrolment = await enrolmentView(form.totpURI, form.recoveryCodes);
        const fieldErrors = { code: confirmed.error };
        return {
          ok: false,
          status: confirmed.status,
          ...full({ enabled, enrolment, fieldErrors }),
        };
      }
      // Sessions made before the second factor stop working: all but this browser's new one
      // (docs/decisions/0174).
      const ended = await endSessionsBeforeTwoFactor(deps.db, member.id, confirmed.setCookie);
      // On to the page the admin wanted, when there was one (docs/decisions/0258).
      const returnTo = twoFactorReturnPath(form.redirectTo);
      if (returnTo) return { ok: true, redirect: returnTo, setCookie: confirmed.setCookie };
      renewed(confirmed.setCookie, "on", ended > 0);
    }
    const off = await disableTwoFactor(deps, member.id, form, ctx);
    if (!off.ok) {
      const fieldErrors = { [off.field ?? "code"]: off.error };
      return { ok: false, status: off.status, ...full({ enabled, fieldErrors }) };
    }
    renewed(off.setCookie, "off");
  },
});

export default function SettingsTwoFactor({
  loaderData,
  actionData: answered,
}: Route.ComponentProps) {
  // The helper's own 405 (a method other than POST) is not the page's data: the page stays as loaded.
  const actionData = answered && "enabled" in answered ? answered : undefined;
  return (
    <TwoFactorSettingsPage
      enabled={actionData?.enabled ?? loaderData.enabled}
      enrolment={actionData?.enrolment ?? null}
      notice={actionData ? actionData.notice : loaderData.notice}
      returnTo={loaderData.returnTo}
      siteName={loaderData.siteName}
      error={actionData?.error ?? null}
      fieldErrors={actionData?.fieldErrors ?? {}}
    />
  );
}
