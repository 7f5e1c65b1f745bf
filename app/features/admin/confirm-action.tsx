/**
 * "Asks first" for every admin page, in one place. With JavaScript the
 * kit's confirm dialog asks and the form posts `confirmed=1`; without it
 * the form posts without `confirmed`, and the server answers with a
 * confirmation step (ConfirmStepPanel) whose Yes button posts again with it.
 * The server never runs a confirmable action without `confirmed=1`.
 */
import { type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Form, Link } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { inputClass } from "~/components/ui/form";

/** A confirmation the server asks for when JavaScript did not: the form to post again. */
export type ConfirmStepData = {
  heading: string;
  question: string;
  yes: string;
  action: string;
  fields: Record<string, string>;
  /** A choice made with the answer (the new author), shown above the question. */
  select?: {
    name: string;
    label: string;
    value: string;
    options: { value: string; label: string }[];
  };
};

/**
 * A POST form that asks `question` first (when given): a dialog with
 * JavaScript, the server's confirmation step without. A cancelled dialog
 * resets the form (so a select shows its saved value again) unless
 * resetOnCancel is false (a form with typed text keeps it).
 */
export function ConfirmAction({
  action,
  question,
  fields,
  children,
  className,
  resetOnCancel = true,
}: {
  /** Where the form posts; the current route when absent. */
  action?: string;
  question?: string;
  fields: Record<string, string>;
  children: ReactNode;
  className?: string;
  resetOnCancel?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <ConfirmForm
      method="post"
      action={action}
      className={className}
      question={question}
      resetOnCancel={resetOnCancel}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* With JavaScript the dialog has asked; without it the server asks. */}
      {question && hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
      {children}
    </ConfirmForm>
  );
}

/** A row's red Delete button that asks first; `name` tells screen readers which row. */
export function ConfirmDelete({
  action,
  question,
  fields,
  name,
}: {
  action?: string;
  question: string;
  fields: Record<string, string>;
  name: string;
}) {
  return (
    <ConfirmAction action={action} question={question} fields={fields}>
      <button
        type="submit"
        className="rounded bg-red-700 px-2 py-1 text-xs font-semibold text-white hover:bg-red-800"
      >
        Delete<span className="sr-only">{` ${name}`}</span>
      </button>
    </ConfirmAction>
  );
}

/** The server's confirmation step: the question, Yes (posts again, confirmed) and Cancel. */
export function ConfirmStepPanel({ step }: { step: ConfirmStepData }) {
  return (
    <section
      aria-labelledby="confirm-heading"
      className="rounded-lg border border-amber-400 bg-amber-50 p-4"
    >
      <h2 id="confirm-heading" className="font-semibold text-slate-900">
        {step.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{step.question}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Form method="post" action={step.action} className="flex flex-wrap items-end gap-3">
          {Object.entries(step.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {step.select ? (
            <div>
              <label
                htmlFor="confirm-step-select"
                className="block text-sm font-semibold text-slate-800"
              >
                {step.select.label}
              </label>
              <select
                id="confirm-step-select"
                name={step.select.name}
                defaultValue={step.select.value}
                className={inputClass}
              >
                {step.select.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" className={primaryButton}>
            {step.yes}
          </button>
        </Form>
        <Link to={step.action} className={secondaryButton}>
          Cancel
        </Link>
      </div>
    </section>
  );
}
