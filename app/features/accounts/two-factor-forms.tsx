import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { ErrorBox, Field, inputClass, NoticeBox, PasswordInput } from "~/components/ui/form";
import { useClearAfter } from "~/components/ui/toast";
import { groupedKey, RECOVERY_CODES_FILENAME, recoveryCodesHref } from "./two-factor-setup";

/** docs/product/README.md: a "Copied" message lasts 2 seconds. */
const COPIED_MS = 2000;
const smallButton =
  "rounded-md border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-800 hover:border-brand-700";

/** Copies `text` (the clipboard needs a script; without one the text is there to select). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<number | null>(null);
  const shown = useClearAfter(copied, COPIED_MS);
  return (
    <>
      <button
        type="button"
        className={smallButton}
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(
            () => setCopied(Date.now()),
            () => setCopied(null),
          );
        }}
      >
        {label}
      </button>
      <span role="status" className="text-sm text-brand-700">
        {shown !== null ? "Copied!" : ""}
      </span>
    </>
  );
}

/** A field's own message, under it, tied to the input with aria-describedby. */
function FieldMessage({ id, message }: { id: string; message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-semibold text-red-800">
      {message}
    </p>
  );
}

function CodeInput({
  id,
  label,
  error,
  recovery = false,
  autoFocus = true,
}: {
  id: string;
  label: string;
  error?: string | null | undefined;
  recovery?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <Field label={label} htmlFor={id}>
      <input
        id={id}
        name="code"
        type="text"
        required
        autoFocus={autoFocus}
        maxLength={64}
        autoComplete="one-time-code"
        {...(recovery ? {} : { inputMode: "numeric" as const, pattern: "[0-9 ]{6,7}" })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      <FieldMessage id={`${id}-error`} message={error} />
    </Field>
  );
}

/** /login/two-factor: the second step of signing in. */
export function TwoFactorSignInForm({
  recovery,
  error,
  redirectTo,
}: {
  recovery: boolean;
  error?: string | null | undefined;
  redirectTo: string;
}) {
  const submitting = useNavigation().state === "submitting";
  const other = new URLSearchParams({ redirectTo, ...(recovery ? {} : { recovery: "1" }) });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-extrabold text-brand-900">Two-factor authentication</h1>
      <p className="mt-2 text-slate-700">
        {recovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      <Form method="post" className="mt-6 space-y-4" key={error ?? "form"}>
        <input type="hidden" name="method" value={recovery ? "recovery" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <CodeInput
          id="code"
          label={recovery ? "Recovery code" : "Authentication code"}
          error={error}
          recovery={recovery}
        />
        <button type="submit" className={`${primaryButton} w-full`} disabled={submitting}>
          {submitting ? "Checking..." : "Verify"}
        </button>
      </Form>
      <p className="mt-4 text-sm">
        <Link
          to={`/login/two-factor?${other.toString()}`}
          className="font-semibold text-brand-700 underline"
        >
          {recovery ? "Use your authenticator app instead" : "Use a recovery code instead"}
        </Link>
      </p>
    </div>
  );
}

export type SettingsEnrolment = {
  totpURI: string;
  secret: string;
  qrCodeSvg: string;
  recoveryCodes: string[];
};

/** /settings/two-factor: turn it on (password → QR code and codes → a code) or off. */
export function TwoFactorSettingsPage({
  enabled,
  enrolment,
  notice,
  error,
  fieldErrors,
  returnTo = null,
  siteName = "FounderBridge",
}: {
  enabled: boolean;
  enrolment: SettingsEnrolment | null;
  notice: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  /** The page to go on to once codes are on (checked by the loader: docs/decisions/0258). */
  returnTo?: string | null;
  siteName?: string;
}) {
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-extrabold text-brand-900">Two-factor authentication</h1>
      <p className="mt-2 text-slate-700">
        A code from an authenticator app on your phone, asked for each time you sign in with your
        password, keeps your account safe even if someone learns your password.
      </p>
      <div className="mt-6 space-y-4">
        {notice ? <NoticeBox>{notice}</NoticeBox> : null}
        {error ? <ErrorBox>{error}</ErrorBox> : null}
      </div>
      {enrolment ? (
        <EnrolSection
          enrolment={enrolment}
          fieldErrors={fieldErrors}
          submitting={submitting}
          returnTo={returnTo}
          siteName={siteName}
        />
      ) : enabled ? (
        <DisableSection fieldErrors={fieldErrors} submitting={submitting} />
      ) : (
        <EnableSection fieldErrors={fieldErrors} submitting={submitting} />
      )}
    </div>
  );
}

type SectionProps = { fieldErrors: Record<string, string>; submitting: boolean };

/** The account password, asked before two-factor authentication is turned on or off. */
function CurrentPassword({ id, error }: { id: string; error: string | undefined }) {
  return (
    <Field label="Password" htmlFor={id}>
      <PasswordInput
        id={id}
        name="password"
        required
        maxLength={128}
        autoComplete="current-password"
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldMessage id={`${id}-error`} message={error} />
    </Field>
  );
}

/** Turning it on: the QR code (or the key), the recovery codes, then a code from the app. */
function EnrolSection({
  enrolment,
  fieldErrors,
  submitting,
  returnTo,
  siteName,
}: SectionProps & { enrolment: SettingsEnrolment; returnTo: string | null; siteName: string }) {
  return (
    <section className="mt-6 space-y-4" aria-labelledby="enrol-heading">
      <h2 id="enrol-heading" className="text-lg font-bold text-slate-900">
        1. Scan this QR code with your authenticator app
      </h2>
      <div
        className="h-48 w-48 rounded border border-slate-300 bg-white p-2"
        role="img"
        aria-label="QR code for your authenticator app"
        // An SVG made on the server by the qrcode package from the otpauth:// address.
        dangerouslySetInnerHTML={{ __html: enrolment.qrCodeSvg }}
      />
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        Or enter this key by hand:{" "}
        {/* In groups of four, easier to read and type (docs/decisions/0258); the app ignores the spaces. */}
        <code
          className="rounded bg-slate-100 px-1 font-mono tracking-wide text-slate-900"
          data-testid="totp-secret"
        >
          {groupedKey(enrolment.secret)}
        </code>
        <CopyButton text={enrolment.secret} label="Copy key" />
      </p>
      <h2 className="text-lg font-bold text-slate-900">2. Save your recovery codes</h2>
      <p className="text-sm text-slate-700">
        Each code signs you in once if you lose your phone. They are shown only now: keep them
        somewhere safe.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-slate-900" data-testid="recovery-codes">
        {enrolment.recoveryCodes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p className="flex flex-wrap items-center gap-2">
        <CopyButton text={enrolment.recoveryCodes.join("\n")} label="Copy codes" />
        {/* The file itself as the address: no server round trip, no script needed. */}
        <a
          href={recoveryCodesHref(siteName, enrolment.recoveryCodes)}
          download={RECOVERY_CODES_FILENAME}
          type="text/plain"
          className={smallButton}
        >
          Download codes (.txt)
        </a>
      </p>
      <h2 className="text-lg font-bold text-slate-900">3. Enter a code from the app</h2>
      <Form method="post" className="space-y-4" key={fieldErrors.code ?? "confirm"}>
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="totpURI" value={enrolment.totpURI} />
        <input type="hidden" name="recoveryCodes" value={enrolment.recoveryCodes.join(" ")} />
        {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
        <CodeInput id="confirm-code" label="Authentication code" error={fieldErrors.code} />
        <button type="submit" className={primaryButton} disabled={submitting}>
          Turn on
        </button>
      </Form>
    </section>
  );
}

function DisableSection({ fieldErrors, submitting }: SectionProps) {
  return (
    <section className="mt-6 space-y-4" aria-labelledby="disable-heading">
      <p className="font-semibold text-green-900">Two-factor authentication is on.</p>
      <h2 id="disable-heading" className="text-lg font-bold text-slate-900">
        Turn it off
      </h2>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="disable" />
        <CurrentPassword id="disable-password" error={fieldErrors.password} />
        {/* Never focused by itself: a member who has just turned codes on is not sent to Turn off. */}
        <CodeInput
          id="disable-code"
          label="Authentication code"
          error={fieldErrors.code}
          autoFocus={Boolean(fieldErrors.code)}
        />
        <button type="submit" className={secondaryButton} disabled={submitting}>
          Turn off
        </button>
      </Form>
    </section>
  );
}

function EnableSection({ fieldErrors, submitting }: SectionProps) {
  return (
    <section className="mt-6 space-y-4" aria-labelledby="enable-heading">
      <h2 id="enable-heading" className="text-lg font-bold text-slate-900">
        Turn it on
      </h2>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="start" />
        <CurrentPassword id="start-password" error={fieldErrors.password} />
        <button type="submit" className={primaryButton} disabled={submitting}>
          Set up an authenticator app
        </button>
      </Form>
    </section>
  );
}
