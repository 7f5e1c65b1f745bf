import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { EmailInput, ErrorBox, Field } from "~/components/ui/form";

/**
 * The form that asks for one e-mail address (/forgot-password,
 * /resend-verification): the server's message above it, what was typed kept.
 */
export function EmailAddressForm({
  error,
  email,
  submitLabel,
  className,
}: {
  error?: string;
  email?: string;
  submitLabel: string;
  className: string;
}) {
  const submitting = useNavigation().state === "submitting";
  return (
    <Form method="post" className={className}>
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <Field label="Email" htmlFor="email">
        <EmailInput id="email" name="email" required maxLength={254} defaultValue={email} />
      </Field>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Sending..." : submitLabel}
      </Button>
    </Form>
  );
}
