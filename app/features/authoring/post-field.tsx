import type { ReactNode } from "react";
import {
  describedBy as fieldDescribedBy,
  Field as KitField,
  smallHintClass,
} from "~/components/ui/form";

/**
 * One post form field: the kit's labelled field, its control's id
 * "post-<name>", with the form's small hints.
 */
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
    <KitField
      label={label}
      htmlFor={`post-${name}`}
      hint={hint}
      error={error}
      hintClassName={smallHintClass}
    >
      {children}
    </KitField>
  );
}

export function describedBy(name: string, error?: string, hint?: string) {
  return fieldDescribedBy(`post-${name}`, { hint, error });
}
