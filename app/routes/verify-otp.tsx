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
import { anyFields, readForm } from "~/lib/read-input.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Verify your email");
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const readEmail = (value: unknown) =>
  typeof value === "string" && value.length <= 254 && EMAIL.test(value.trim())
    ? value.trim().toLowerCase()
    : null;

export async function loader({ request }: Route.LoaderArgs) {
  const email = readEmail(new URL(request.url).searchParams.get("email"));
  if (!email) throw redirect("/signup");
  return { email, cooldownSeconds: await resendCooldownSeconds(db(), email) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form =
    (await readForm(request, anyFields, { limit: SMALL_BODY_LIMIT_BYTES })).form ?? new FormData();
  const email = readEmail(form.get("email"));
  if (!email) throw redirect("/signup");
  const deps = { db: db(), auth: auth() };
  const attempt = Date.now();
  if (form.get("intent") === "resend") {
    const result = await resendCode(deps, email, clientIp(context));
    if (result.ok)
      return { notice: OTP_MESSAGES.resent, cooldownSeconds: result.cooldownSeconds, attempt };
    return data(
      { error: result.error, cooldownSeconds: result.cooldownSeconds, attempt },
      { status: result.status },
    );
  }
  const code = form
    .getAll("digit")
    .map((d) => (typeof d === "string" ? d.trim() : ""))
    .join("");
  const { config, log } = runtime();
  const result = await verifyCode(
    {
      ...deps,
      mailer: mailer(),
      siteName: config.siteName,
      onMailError: (error) => log.warn({ err: error }, "codes-paused mail not sent"),
    },
    email,
    code,
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
