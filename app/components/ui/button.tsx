import type { ButtonHTMLAttributes } from "react";
import { dangerButton, primaryButton, secondaryButton } from "./button-styles";

const VARIANTS = { primary: primaryButton, secondary: secondaryButton, danger: dangerButton };

export type ButtonVariant = keyof typeof VARIANTS;

/** The kit's button: `type="button"` unless told otherwise; disabled looks disabled. */
export function Button({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return (
    <button
      type={type}
      className={className ? `${VARIANTS[variant]} ${className}` : VARIANTS[variant]}
      {...props}
    />
  );
}

/** "a name", "a name and a slug", "a title, a link and a date". */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * Why a submit button is disabled: the fields still missing, by name
 * ("Enter a name and a slug to create the category."). Nothing when none is
 * missing. Give the button `aria-describedby={id}` while `missing` is not
 * empty, so a screen reader says why too.
 */
export function MissingFieldsHint({
  id,
  missing,
  action,
}: {
  id: string;
  missing: readonly string[];
  /** What the button does, after "to" ("create the category"). */
  action: string;
}) {
  if (missing.length === 0) return null;
  return (
    <p id={id} className="text-sm text-slate-700">
      {`Enter ${listOf(missing)} to ${action}.`}
    </p>
  );
}
