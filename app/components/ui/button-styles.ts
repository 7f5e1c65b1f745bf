/**
 * Shared class names for buttons and button-like links. A disabled button
 * looks disabled whatever its kind: grey, not its colour, with a not-allowed
 * cursor (docs/milestones.md#issue-19-administration-on-a-phone-and-at-scale: a faded primary still read as a button that silently
 * does nothing). Say why beside it with MissingFieldsHint (button.tsx).
 */
const disabled =
  "disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-600 disabled:hover:bg-slate-200";

export const primaryButton = `inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 ${disabled}`;
export const secondaryButton = `inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 ${disabled}`;
export const dangerButton = `inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 ${disabled}`;
