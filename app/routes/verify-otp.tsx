import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import { auth, mailer } from "#server/auth";
import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { OtpForm } from "~/features/accounts/otp-form";
import { clientIp } from "~/features/accounts/request.server";
import {
  OTP_MESSAGES,
  resendCode,
  resendCooldownSeconds,
  verifyCode,
} from "~/features/accounts/verify-otp.server";
import type { Route } from "./+types/verify-otp";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm, readQuery } from "~/lib/read-input.server";
import { otpEmail, otpForm, otpQuery, refusal } from "~/features/accounts/forms.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Verify your email");
}

export async function loader({ request }: Route.LoaderArgs) {
  // docs/product/accounts.md#verification-code: without the address the code went to, back to sign-up.
  const query = readQuery(request, otpQuery);
  if (!query.ok) throw redirect("/signup");
  const { email } = query.data;
  return { email, cooldownSeconds: await resendCooldownSeconds(db(), email) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, otpForm, { limit: SMALL_BODY_LIMIT_BYTES });
  const email = read.ok ? read.data.email : otpEmail.safeParse(read.fields.email).data;
  if (!email) throw redirect("/signup");
  const attempt = Date.now();
  if (!read.ok) {
    return data(
      {
        error: refusal(read, otpForm),
        cooldownSeconds: await resendCooldownSeconds(db(), email),
        attempt,
      },
      { status: 400 },
    );
  }
  const deps = { db: db(), auth: auth() };
  if (read.data.intent === "resend") {
    const result = await resendCode(deps, email, clientIp(context));
    if (result.ok)
      return { notice: OTP_MESSAGES.resent, cooldownSeconds: result.cooldownSeconds, attempt };
    return data(
      { error: result.error, cooldownSeconds: result.cooldownSeconds, attempt },
      { status: result.status },
    );
  }
  const { config, log } = runtime();
  const result = await verifyCode(
    {
      ...deps,
      mailer: mailer(),
      siteName: config.siteName,
      onMailError: (error) => log.warn({ err: error }, "codes-paused mail not sent"),
    },
    email,
    read.data.code,
  );
  if (result.ok) throw redirect("/login?verified=1");
  return data(
    { error: result.error, cooldownSeconds: await resendCooldownSeconds(db(), email), attempt },
    { status: result.status },
  );
}

export default function VerifyOtp({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OtpForm
      // A new answer remounts the form: boxes emptied, countdown restarted.
      key={actionData?.attempt ?? 0}
      email={loaderData.email}
      error={actionData && "error" in actionData ? actionData.error : undefined}
      notice={actionData && "notice" in actionData ? actionData.notice : undefined}
      cooldownSeconds={actionData?.cooldownSeconds ?? loaderData.cooldownSeconds}
    />
  );
}
