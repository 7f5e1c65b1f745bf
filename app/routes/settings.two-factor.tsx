import { data, redirect } from "react-router";
import { SMALL_BODY_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import {
  ADMIN_TWO_FACTOR_MESSAGES,
  adminTwoFactorRequired,
} from "~/features/accounts/admin-two-factor.server";
import { clientIp } from "~/features/accounts/request.server";
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
import { defaultPageMeta } from "~/features/seo/meta";
import { formText, readForm } from "~/lib/read-input.server";
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
  // requireAdmin sends an admin here while the site requires a second factor (decision 0140).
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
  return { enabled, notice };
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

const answer = (body: Partial<ActionData> & { enabled: boolean }, init?: ResponseInit) =>
  data<ActionData>(
    { enrolment: null, notice: null, error: null, fieldErrors: {}, ...body },
    init ?? { status: 200 },
  );

/** Under the signed-in guard: the member is known before the body is read. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = actor(context);
  const { db, auth } = services(context);
  const deps = { db, auth };
  const enabled = await twoFactorEnabled(deps.auth, request.headers);
  const ctx = { ip: clientIp(context), headers: request.headers };
  const read = await readForm(request, settingsForm, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!read.ok) {
    if (read.problem === "too-large")
      return answer({ enabled, error: TOO_LARGE_MESSAGE }, { status: 413 });
    // A confirm form without a code keeps showing the QR code and recovery codes.
    const enrolment =
      read.fields.intent === "confirm"
        ? await enrolmentView(
            formText.parse(read.fields.totpURI),
            formText.parse(read.fields.recoveryCodes).split(/\s+/).filter(Boolean),
          )
        : null;
    return answer(
      {
        enabled,
        enrolment,
        fieldErrors: read.fieldErrors,
        error: read.fieldErrors ? null : read.message,
      },
      { status: 400 },
    );
  }
  const form = read.data;
  if (form.intent === "start") {
    const started = await startEnrolment(deps.auth, form.password, request.headers);
    if (!started.ok)
      return answer(
        { enabled, fieldErrors: { password: started.error } },
        { status: started.status },
      );
    return answer({ enabled, enrolment: started.enrolment });
  }
  if (form.intent === "confirm") {
    const confirmed = await confirmEnrolment(deps, member.id, form.code, ctx);
    if (!confirmed.ok) {
      const enrolment = await enrolmentView(form.totpURI, form.recoveryCodes);
      return answer(
        { enabled, enrolment, fieldErrors: { code: confirmed.error } },
        { status: confirmed.status },
      );
    }
    // Sessions made before the second factor stop working: all but this browser's new one
    // (docs/decisions/0174).
    const ended = await endSessionsBeforeTwoFactor(deps.db, member.id, confirmed.setCookie);
    renewed(confirmed.setCookie, "on", ended > 0);
  }
  const off = await disableTwoFactor(deps, member.id, form, ctx);
  if (!off.ok)
    return answer(
      { enabled, fieldErrors: { [off.field ?? "code"]: off.error } },
      { status: off.status },
    );
  renewed(off.setCookie, "off");
}

export default function SettingsTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TwoFactorSettingsPage
      enabled={actionData?.enabled ?? loaderData.enabled}
      enrolment={actionData?.enrolment ?? null}
      notice={actionData ? actionData.notice : loaderData.notice}
      error={actionData?.error ?? null}
      fieldErrors={actionData?.fieldErrors ?? {}}
    />
  );
}
