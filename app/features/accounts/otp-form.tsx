import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { ErrorBox, NoticeBox } from "~/components/ui/form";

const PASTE_ERROR = "Please paste a valid 6-digit code";

/**
 * Six single-digit boxes. Pasting 6 digits fills them; the form submits
 * itself when all six are filled. Without JavaScript the boxes post as
 * `digit` six times and the Verify button sends them.
 */
export function OtpForm({
  email,
  error,
  notice,
  cooldownSeconds,
}: {
  email: string;
  error?: string;
  notice?: string;
  cooldownSeconds: number;
}) {
  const { digits, pasteError, boxesRef, formRef, onChange, onKeyDown, onPaste } =
    useDigitBoxes(error);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const shownError = pasteError ?? error;

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-extrabold text-brand-900">Check your email</h1>
      <p className="mt-2 text-slate-700">
        We sent a 6-digit code to <strong>{email}</strong>. Enter it below to verify your account.
      </p>
      <Form method="post" ref={formRef} className="mt-6 space-y-4">
        {shownError ? <ErrorBox>{shownError}</ErrorBox> : null}
        {notice && !shownError ? <NoticeBox>{notice}</NoticeBox> : null}
        <input type="hidden" name="email" value={email} />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">Verification code</legend>
          <div className="mt-2 flex gap-2">
            {digits.map((digit, i) => (
              <input
                key={i}
                ref={(el) => {
                  boxesRef.current[i] = el;
                }}
                name="digit"
                aria-label={`Digit ${i + 1} of 6`}
                inputMode="numeric"
                autoComplete={i === 0 ? "one-time-code" : "off"}
                pattern="[0-9]"
                maxLength={1}
                required
                value={digit}
                onChange={(e) => onChange(i, e.target.value)}
                onKeyDown={(e) => onKeyDown(i, e)}
                onPaste={onPaste}
                className="h-12 w-12 rounded-md border border-slate-400 text-center text-xl font-semibold focus:outline-2 focus:outline-brand-700"
              />
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          name="intent"
          value="verify"
          className={`${primaryButton} w-full`}
          disabled={busy}
        >
          {navigation.formData?.get("intent") === "verify" ? "Verifying..." : "Verify"}
        </button>
      </Form>
      <ResendForm email={email} busy={busy} cooldownSeconds={cooldownSeconds} />
      <p className="mt-6 text-sm">
        <Link to="/signup" className="font-semibold text-brand-700 underline">
          Use a different email address
        </Link>
      </p>
    </div>
  );
}

/**
 * The six boxes' digits: typing moves to the next box, Backspace on an empty
 * box to the one before, a pasted code fills them all, and the form submits
 * itself once all six are digits.
 */
function useDigitBoxes(error: string | undefined) {
  const [digits, setDigits] = useState<string[]>(() => new Array<string>(6).fill(""));
  const [pasteError, setPasteError] = useState<string | null>(null);
  const boxesRef = useRef<(HTMLInputElement | null)[]>([]);
  const formRef = useRef<HTMLFormElement>(null);

  // The route remounts the form (key) after each answer: the boxes start
  // empty; after an error the focus goes back to the first.
  useEffect(() => {
    if (error) boxesRef.current[0]?.focus();
  }, [error]);

  function update(next: string[]) {
    setDigits(next);
    setPasteError(null);
    if (next.every((d) => /^\d$/.test(d))) {
      // Submit once React has written the values into the inputs.
      setTimeout(() => formRef.current?.requestSubmit(), 0);
    }
  }

  function onChange(index: number, value: string) {
    const digit = value.replace(/\D/g, "").slice(-1);
    const next = [...digits];
    next[index] = digit;
    if (digit && index < 5) boxesRef.current[index + 1]?.focus();
    update(next);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Backspace" && !digits[index] && index > 0) {
      boxesRef.current[index - 1]?.focus();
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const text = event.clipboardData.getData("text").trim();
    if (!/^\d{6}$/.test(text)) {
      setPasteError(PASTE_ERROR);
      return;
    }
    boxesRef.current[5]?.focus();
    update(text.split(""));
  }

  return { digits, pasteError, boxesRef, formRef, onChange, onKeyDown, onPaste };
}

/** Resend code, counting down the seconds until it may be sent again. */
function ResendForm({
  email,
  busy,
  cooldownSeconds,
}: {
  email: string;
  busy: boolean;
  cooldownSeconds: number;
}) {
  const [cooldown, setCooldown] = useState(cooldownSeconds);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  return (
    <Form method="post" className="mt-4" noValidate>
      <input type="hidden" name="email" value={email} />
      <button
        type="submit"
        name="intent"
        value="resend"
        className={`${secondaryButton} w-full`}
        disabled={busy || cooldown > 0}
      >
        {cooldown > 0 ? `Resend code in ${cooldown}s` : "Resend code"}
      </button>
    </Form>
  );
}
