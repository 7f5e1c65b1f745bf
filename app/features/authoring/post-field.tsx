import type { ReactNode } from "react";

/** One post form field: its label, the control, a hint and the message beside it. */
export function Field({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`post-${name}`} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`post-${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`post-${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(name: string, error?: string, hint?: string) {
  const ids = [hint ? `post-${name}-hint` : "", error ? `post-${name}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}
