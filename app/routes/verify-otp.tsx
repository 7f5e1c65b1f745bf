import { defaultPageMeta } from "~/features/seo/meta";
import { redirect } from "react-router";
import { OtpForm } from "~/features/accounts/otp-form";
import {
  OTP_MESSAGES,
  resendCode,
  resendCooldownSeconds,
  verifyCode,
} from "~/features/accounts/verify-otp.server";
import type { Route } from "./+types/verify-otp";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readQuery } from "~/lib/read-input.server";
import { definePublicAction } from "~/pipeline/action.server";
import { otpEmail, otpForm, otpQuery, refusalMessages } from "~/features/accounts/forms.server";
import { services } from "~/lib/services.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Verify your email");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  // docs/product/accounts.md#verification-code: without the address the code went to, back to sign-up.
  const query = readQuery(request, otpQuery);
  if (!query.ok) throw redirect("/signup");
  const { email } = query.data;
  return { email, cooldownSeconds: await resendCooldownSeconds(db, email) };
}

export const action = definePublicAction({
  schema: otpForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: refusalMessages(otpForm),
  // docs/product/accounts.md#verification-code: without the address the code went to, back to sign-up.
  refused: async ({ db }, _actor, { error, fields }) => {
    const email = otpEmail.safeParse(fields?.email).data;
    if (!email) return { ok: true as const, redirect: "/signup" };
    const attempt = Date.now();
    const cooldownSeconds = await resendCooldownSeconds(db, email);
    return { ok: false as const, status: 400, error, cooldownSeconds, attempt };
  },
  run: async ({ db, auth, mailer, config, log }, _actor, { email, intent, code }, { ip }) => {
    const attempt = Date.now();
    if (intent === "resend") {
      const result = await resendCode({ db, auth }, email, ip);
      const { cooldownSeconds } = result;
      if (result.ok) return { ok: true, notice: OTP_MESSAGES.resent, cooldownSeconds, attempt };
      return { ok: false, status: result.status, error: result.error, cooldownSeconds, attempt };
    }
    const result = await verifyCode(
      {
        db,
        auth,
        mailer,
        siteName: config.siteName,
        onMailError: (error) => log.warn({ err: error }, "codes-paused mail not sent"),
      },
      email,
      code,
    );
    // Signed in by the code (docs/decisions/0256): on to the next step, not to /login.
    if (result.ok) return { ok: true, redirect: result.next, setCookie: result.setCookie };
    const cooldownSeconds = await resendCooldownSeconds(db, email);
    return { ok: false, status: result.status, error: result.error, cooldownSeconds, attempt };
  },
});

export default function VerifyOtp({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OtpForm
      // A new answer remounts the form: boxes emptied, countdown restarted.
      key={actionData && "attempt" in actionData ? actionData.attempt : 0}
      email={loaderData.email}
      error={actionData && "error" in actionData ? actionData.error : undefined}
      notice={actionData && "notice" in actionData ? actionData.notice : undefined}
      cooldownSeconds={
        actionData && "cooldownSeconds" in actionData
          ? actionData.cooldownSeconds
          : loaderData.cooldownSeconds
      }
    />
  );
}
