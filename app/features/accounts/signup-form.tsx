import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { primaryButton } from "~/components/ui/button-styles";
import { LinkedInButton } from "./linkedin-button";
import {
  PASSWORD_REQUIREMENTS,
  SIGNUP_MIN_FILL_MS,
  secondsUntilSubmit,
  signupFieldProblem,
  submitCountdown,
} from "./rules";
import { EmailInput, ErrorBox, Field, PasswordInput, TextInput } from "~/components/ui/form";

export type SignupValues = { fullName: string; username: string; email: string; terms: boolean };

export function SignupForm({
  memberCount,
  timeToken,
  error,
  values,
  linkedin = false,
}: {
  memberCount: number;
  timeToken: string;
  error?: string;
  values?: SignupValues;
  linkedin?: boolean;
}) {
  const [username, setUsername] = useState(values?.username ?? "");
  const submitting = useNavigation().state === "submitting";
  const { formRef, secondsLeft, clientError, onSubmit } = useEarlySendHold();
  const shown = clientError ?? error;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-extrabold text-brand-900">
        Join {memberCount.toLocaleString("en-GB")}+ founders
      </h1>
      <p className="mt-1 text-slate-700">Create your free account.</p>
      <Form
        method="post"
        className="mt-6 space-y-4"
        noValidate={false}
        ref={formRef}
        onSubmit={onSubmit}
      >
        {shown ? <ErrorBox>{shown}</ErrorBox> : null}
        <input type="hidden" name="startedAt" value={timeToken} />
        <TrapField />
        <Field label="Full name" htmlFor="fullName">
          <TextInput
            id="fullName"
            name="fullName"
            required
            maxLength={100}
            autoComplete="name"
            defaultValue={values?.fullName}
          />
        </Field>
        <Field label="Username" htmlFor="username">
          <TextInput
            id="username"
            name="username"
            required
            maxLength={30}
            autoComplete="username"
            autoCapitalize="none"
            value={username}
            onChange={(e) => setUsername(e.target.value.toLowerCase())}
          />
        </Field>
        <Field label="Email" htmlFor="email">
          <EmailInput
            id="email"
            name="email"
            required
            maxLength={254}
            defaultValue={values?.email}
          />
        </Field>
        <PasswordFields />
        <TermsCheckbox defaultChecked={values?.terms} />
        <button
          type="submit"
          className={`${primaryButton} w-full aria-disabled:opacity-60`}
          disabled={submitting}
          // Held, not disabled: a press still runs the field checks (docs/decisions/0255).
          aria-disabled={secondsLeft > 0 ? true : undefined}
          aria-describedby="signup-countdown"
        >
          {submitting ? "Creating account..." : "Create account"}
        </button>
        <p id="signup-countdown" aria-live="polite" className="text-center text-sm text-slate-700">
          {secondsLeft > 0 ? submitCountdown(secondsLeft) : ""}
        </p>
      </Form>
      {linkedin ? <LinkedInButton /> : null}
      <p className="mt-6 text-sm text-slate-700">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}

/**
 * docs/decisions/0255: the browser counts SIGNUP_MIN_FILL_MS from the moment the form is live
 * (the server's signed token was issued earlier still, so the server never sees it sooner). A
 * send runs the fields' checks first and shows their message; a form without mistakes sent too
 * early is held, its countdown shown, and sent when the countdown ends. Without JavaScript
 * nothing here runs and the server's rule answers.
 */
function useEarlySendHold() {
  const formRef = useRef<HTMLFormElement>(null);
  const startedAt = useRef<number | null>(null);
  const held = useRef(false);
  // Before hydration (and on the server) nothing is counted: the server's rule answers.
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [clientError, setClientError] = useState<string | null>(null);

  useEffect(() => {
    const start = Date.now();
    startedAt.current = start;
    const tick = () => {
      const left = secondsUntilSubmit(Date.now() - start);
      setSecondsLeft(left);
      if (left > 0) return;
      clearInterval(timer);
      if (held.current) {
        held.current = false;
        formRef.current?.requestSubmit();
      }
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 200);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value : "";
    };
    const problem = signupFieldProblem({
      fullName: text("fullName").trim(),
      username: text("username").trim().toLowerCase(),
      email: text("email").trim().toLowerCase(),
      password: text("password"),
      confirmPassword: text("confirmPassword"),
      terms: text("terms") === "on",
    });
    held.current = false;
    if (problem) {
      event.preventDefault();
      setClientError(problem);
      return;
    }
    setClientError(null);
    const start = startedAt.current;
    if (start !== null && Date.now() - start < SIGNUP_MIN_FILL_MS) {
      event.preventDefault();
      held.current = true;
    }
  }

  return { formRef, secondsLeft, clientError, onSubmit };
}

/** The trap field: hidden from people and assistive technology; bots fill it. */
function TrapField() {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The password with its requirements ticked off as it is typed, and its confirmation. */
function PasswordFields() {
  const [password, setPassword] = useState("");
  return (
    <>
      <Field label="Password" htmlFor="password">
        <PasswordInput
          id="password"
          name="password"
          required
          maxLength={128}
          autoComplete="new-password"
          aria-describedby="password-requirements"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <ul
        id="password-requirements"
        className="space-y-1 text-sm"
        aria-label="Password requirements"
      >
        {PASSWORD_REQUIREMENTS.map((r) => {
          const met = r.test(password);
          return (
            <li key={r.label} className={met ? "text-green-800" : "text-slate-700"}>
              <span aria-hidden="true">{met ? "✓" : "○"}</span> {r.label}
              <span className="sr-only">{met ? " (met)" : " (not met)"}</span>
            </li>
          );
        })}
      </ul>
      <Field label="Confirm password" htmlFor="confirmPassword">
        <PasswordInput
          toggleName="confirm password"
          id="confirmPassword"
          name="confirmPassword"
          required
          maxLength={128}
          autoComplete="new-password"
        />
      </Field>
    </>
  );
}

function TermsCheckbox({ defaultChecked }: { defaultChecked?: boolean }) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id="terms"
        name="terms"
        type="checkbox"
        defaultChecked={defaultChecked}
        className="mt-1"
      />
      <label htmlFor="terms">
        I agree to the{" "}
        <Link to="/cookie-policy" className="text-brand-700 underline">
          Terms &amp; Privacy
        </Link>
      </label>
    </div>
  );
}
