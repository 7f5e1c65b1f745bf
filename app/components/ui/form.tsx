/**
 * The kit's form widgets: a labelled field with its hint and message, the
 * error and notice boxes, and the inputs (text, e-mail, textarea, password
 * with show/hide, select, checkbox, file with progress). Plain form controls: they post without
 * JavaScript, and the server's answer fills them again.
 */
import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { Eye, EyeOff } from "lucide-react";

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700";

/** The line under a field that its control names with aria-describedby ("<id>-hint"). */
export const hintClass = "mt-1 text-sm text-slate-700";
/** A smaller, quieter hint, for forms dense with fields (the post form, the profile form). */
export const smallHintClass = "mt-1 text-xs text-slate-600";

/**
 * A labelled field: the label, the control, then its hint ("<htmlFor>-hint")
 * and its message ("<htmlFor>-error"), each only when given. The control
 * names them with `aria-describedby={describedBy(htmlFor, { hint, error })}`.
 */
export function Field({
  label,
  htmlFor,
  hint,
  error,
  hintClassName = hintClass,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: ReactNode;
  error?: string | null;
  hintClassName?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${htmlFor}-hint`} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${htmlFor}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The ids a field's control names with aria-describedby: its hint, then its message. */
export function describedBy(
  id: string,
  { hint, error }: { hint?: unknown; error?: string | null },
): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** A red box announced to screen readers. */
export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {children}
    </p>
  );
}

export function NoticeBox({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
    >
      {children}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { id: string };

const withClass = (extra: string | undefined, base = inputClass) =>
  extra ? `${base} ${extra}` : base;

/** A one-line text input (type text, url, search or datetime-local). */
export function TextInput({
  type = "text",
  className,
  ...props
}: InputProps & { type?: "text" | "url" | "search" | "datetime-local" }) {
  return <input type={type} className={withClass(className)} {...props} />;
}

/** An e-mail input: the e-mail keyboard on phones, autocomplete "email". */
export function EmailInput({ className, autoComplete = "email", ...props }: InputProps) {
  return (
    <input
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      className={withClass(className)}
      {...props}
    />
  );
}

export function TextArea({
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }) {
  return <textarea className={withClass(className)} {...props} />;
}

/**
 * A password input with a Show/Hide button beside it. The button's name says
 * what it does ("Show password" / "Hide password") and aria-pressed says
 * whether the password is shown. Without JavaScript the button does nothing
 * and the password stays hidden.
 */
export function PasswordInput({
  className,
  toggleName = "password",
  ...props
}: InputProps & {
  /** What the button shows or hides ("Show password"); each field's button needs its own name. */
  toggleName?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <input
        type={shown ? "text" : "password"}
        className={withClass(className, `${inputClass} pr-11`)}
        {...props}
      />
      <button
        type="button"
        aria-pressed={shown}
        aria-controls={props.id}
        onClick={() => setShown((v) => !v)}
        className="absolute inset-y-0 right-0 mt-1 flex w-10 items-center justify-center rounded-r-md text-slate-700 hover:text-slate-900 focus-visible:outline-2"
      >
        {shown ? (
          <EyeOff aria-hidden="true" className="h-5 w-5" />
        ) : (
          <Eye aria-hidden="true" className="h-5 w-5" />
        )}
        <span className="sr-only">{`${shown ? "Hide" : "Show"} ${toggleName}`}</span>
      </button>
    </div>
  );
}

export function Select({
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string }) {
  return <select className={withClass(className)} {...props} />;
}

/** A checkbox with its label to the right. */
export function Checkbox({
  label,
  className,
  ...props
}: Omit<InputProps, "children"> & { label: ReactNode }) {
  return (
    <label
      htmlFor={props.id}
      className={`flex items-center gap-2 text-sm font-semibold text-slate-800 ${className ?? ""}`}
    >
      <input type="checkbox" className="h-4 w-4 accent-brand-700" {...props} />
      {label}
    </label>
  );
}

/**
 * A file input; while `progress` is a number (0 to 1) a progress bar under it
 * says how far the upload is, and when it is `true` the bar is indeterminate.
 */
export function FileInput({
  className,
  progress,
  progressLabel = "Uploading",
  ...props
}: InputProps & { progress?: number | boolean | null; progressLabel?: string }) {
  const uploading = progress !== undefined && progress !== null && progress !== false;
  return (
    <div>
      <input
        type="file"
        className={withClass(
          className,
          "block text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-900",
        )}
        {...props}
      />
      {uploading ? (
        <progress
          aria-label={progressLabel}
          className="mt-2 block h-2 w-full accent-brand-700"
          max={1}
          value={typeof progress === "number" ? progress : undefined}
        />
      ) : null}
    </div>
  );
}
