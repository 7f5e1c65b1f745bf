import type { ReactNode } from "react";

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700";

export function Field({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
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
