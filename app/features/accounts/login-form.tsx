import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { primaryButton } from "~/components/ui/button-styles";
import { LinkedInButton } from "./linkedin-button";
import { ErrorBox, Field, inputClass, NoticeBox, PasswordInput } from "~/components/ui/form";

/** Remember me keeps only the e-mail, in this browser. */
const REMEMBERED_EMAIL = "founderbridge:remembered-email";

export function LoginForm({
  notice,
  error,
  email,
  redirectTo,
  linkedin = false,
}: {
  notice?: string | null;
  error?: string | null;
  email?: string;
  redirectTo: string;
  linkedin?: boolean;
}) {
  const emailInput = useRef<HTMLInputElement>(null);
  const rememberInput = useRef<HTMLInputElement>(null);
  const submitting = useNavigation().state === "submitting";

  useEffect(() => {
    const stored = window.localStorage.getItem(REMEMBERED_EMAIL);
    if (stored && emailInput.current && !emailInput.current.value)
      emailInput.current.value = stored;
    if (stored && rememberInput.current) rememberInput.current.checked = true;
  }, []);

  function onSubmit() {
    const value = emailInput.current?.value.trim() ?? "";
    if (rememberInput.current?.checked && value)
      window.localStorage.setItem(REMEMBERED_EMAIL, value);
    else window.localStorage.removeItem(REMEMBERED_EMAIL);
  }

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-extrabold text-brand-900">Sign in</h1>
      <Form method="post" className="mt-6 space-y-4" onSubmit={onSubmit}>
        {notice ? <NoticeBox>{notice}</NoticeBox> : null}
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" htmlFor="email">
          <input
            ref={emailInput}
            id="email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            defaultValue={email}
            className={inputClass}
          />
        </Field>
        <Field label="Password" htmlFor="password">
          <PasswordInput
            id="password"
            name="password"
            required
            maxLength={128}
            autoComplete="current-password"
          />
        </Field>
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input ref={rememberInput} type="checkbox" name="remember" />
            Remember me
          </label>
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className={`${primaryButton} w-full`} disabled={submitting}>
          {submitting ? "Signing in..." : "Sign in"}
        </button>
      </Form>
      {linkedin ? <LinkedInButton redirectTo={redirectTo} /> : null}
      <p className="mt-6 text-sm text-slate-700">
        New here?{" "}
        <Link to="/signup" className="font-semibold text-brand-700 underline">
          Join Free Now
        </Link>
      </p>
    </div>
  );
}
