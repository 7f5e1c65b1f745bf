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
