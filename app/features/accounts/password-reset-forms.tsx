import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { primaryButton } from "~/components/ui/button-styles";
import { ErrorBox, Field, NoticeBox, PasswordInput } from "~/components/ui/form";
import { textOf } from "~/lib/form-values";
import { EmailAddressForm } from "./email-address-form";
import { MESSAGES, newPasswordProblem, RESET_MIN_PASSWORD, RESET_PASSWORD_SHORT } from "./rules";

const linkClass = "font-semibold text-brand-700 underline";

/** /forgot-password: the e-mail form, then Check Your Email. */
export function ForgotPasswordForm({
  sent,
  notice,
  error,
  email,
}: {
  sent: boolean;
  notice?: string;
  error?: string;
  email?: string;
}) {
  if (sent) {
    return (
      <div className="mx-auto max-w-md px-4 py-10">
        <h1 className="text-2xl font-extrabold text-brand-900">Check Your Email</h1>
        <div className="mt-6 space-y-4">
          {notice ? <NoticeBox>{notice}</NoticeBox> : null}
          <p className="text-sm text-slate-700">
            The link works once and for one hour. Nothing arrived? Check your spam folder or{" "}
            <Link to="/forgot-password" className={linkClass}>
              ask again
            </Link>
            .
          </p>
          <p className="text-sm">
            <Link to="/login" className={linkClass}>
              Back to sign in
            </Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-extrabold text-brand-900">Forgot your password?</h1>
      <p className="mt-2 text-sm text-slate-700">
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      <EmailAddressForm
        error={error}
        email={email}
        submitLabel="Send reset link"
        className="mt-6 space-y-4"
      />
      <p className="mt-6 text-sm">
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}

/** /reset-password without a usable token. */
export function InvalidResetLink() {
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-extrabold text-brand-900">Invalid Reset Link</h1>
      <p className="mt-4 text-sm text-slate-700">
        This password reset link is missing, has expired or has already been used.
      </p>
      <p className="mt-6">
        <Link to="/forgot-password" className={primaryButton}>
          Request New Link
        </Link>
      </p>
    </div>
  );
}

/**
 * /reset-password?token=…: the new password twice. docs/product/accounts.md#password-reset: at least 6
 * characters and matching entries, nothing more. The page says so itself before
 * sending (the browser's own tooltips are off: noValidate), the server again.
 */
export function ResetPasswordForm({ token, error }: { token: string; error?: string }) {
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submitting = useNavigation().state === "submitting";
  const shown = problem ?? error;
  const met = password.length >= RESET_MIN_PASSWORD;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-extrabold text-brand-900">Choose a new password</h1>
      <Form
        method="post"
        noValidate
        className="mt-6 space-y-4"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const found = newPasswordProblem(
            textOf(form, "password"),
            textOf(form, "confirmPassword"),
          );
          setProblem(found);
          if (found) event.preventDefault();
        }}
      >
        {shown ? <ErrorBox>{shown}</ErrorBox> : null}
        <input type="hidden" name="token" value={token} />
        <Field label="New password" htmlFor="password">
          <PasswordInput
            id="password"
            name="password"
            required
            maxLength={128}
            autoComplete="new-password"
            aria-describedby="password-requirements"
            aria-invalid={shown === RESET_PASSWORD_SHORT || undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <p
          id="password-requirements"
          className={`text-sm ${met ? "text-green-800" : "text-slate-700"}`}
        >
          <span aria-hidden="true">{met ? "✓" : "•"}</span> At least {RESET_MIN_PASSWORD} characters
          <span className="sr-only">{met ? " (met)" : " (not met yet)"}</span>
        </p>
        <Field label="Confirm new password" htmlFor="confirmPassword">
          <PasswordInput
            toggleName="confirm password"
            id="confirmPassword"
            name="confirmPassword"
            required
            maxLength={128}
            autoComplete="new-password"
            aria-invalid={shown === MESSAGES.passwordsDiffer || undefined}
          />
        </Field>
        <button type="submit" className={`${primaryButton} w-full`} disabled={submitting}>
          {submitting ? "Saving..." : "Reset password"}
        </button>
      </Form>
    </div>
  );
}
