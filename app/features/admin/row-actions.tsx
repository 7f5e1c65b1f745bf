/**
 * The Users and Posts tables' row actions in ONE form per table: each row's
 * buttons belong to it by their `form` attribute and send `row=intent.id`
 * (the server reads it as the per-row forms' fields, dashboard-view.server
 * fromRow). Fifty rows with three or four forms each, their hidden fields
 * and dialogs weighed 165–229 KB a page (docs/milestones.md#issue-19-administration-on-a-phone-and-at-scale).
 *
 * As ConfirmAction: with JavaScript the kit's confirm dialog asks first
 * (the question for the action) and the action posts with confirmed=1;
 * without it the form posts without, and the server answers with its
 * confirmation step. `intercept` lets a table handle an action itself (the
 * Posts tab's Change author dialog).
 */
import type { ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { useConfirm } from "~/components/ui/confirm-dialog";

/** The form's id for a table ("users" or "posts"). */
export const rowActionsFormId = (table: string) => `${table}-row-actions`;

/** `intent.id`, the value a row's button sends. */
export const rowValue = (intent: string, id: string) => `${intent}.${id}`;

export function RowActionsForm({
  table,
  action,
  question,
  intercept,
}: {
  table: string;
  /** Where the form posts (the page's address). */
  action: string;
  /** The question asked before `intent` runs; undefined runs it at once. */
  question: (intent: string) => string | undefined;
  /** Handles `intent` on the row `id` itself (e.g. a dialog): true when it did. */
  intercept?: (intent: string, id: string) => boolean;
}) {
  const { confirm, dialog } = useConfirm();
  const submit = useSubmit();
  return (
    <>
      <Form
        id={rowActionsFormId(table)}
        method="post"
        action={action}
        hidden
        onSubmit={(event) => {
          const submitter = event.nativeEvent.submitter as HTMLButtonElement | null;
          const row = submitter?.value ?? "";
          const dot = row.indexOf(".");
          if (dot < 0) return;
          const [intent, id] = [row.slice(0, dot), row.slice(dot + 1)];
          if (intercept?.(intent, id)) {
            event.preventDefault();
            return;
          }
          const asked = question(intent);
          if (!asked) return;
          event.preventDefault();
          void confirm(asked, { danger: intent.endsWith("delete") }).then((accepted) => {
            if (accepted) void submit({ row, confirmed: "1" }, { method: "post", action });
          });
        }}
      />
      {dialog}
    </>
  );
}

/** A row's button: `label`, and `name` (sr-only) telling screen readers which row. */
export function RowButton({
  table,
  intent,
  id,
  name,
  className,
  children,
}: {
  table: string;
  intent: string;
  id: string;
  name: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      form={rowActionsFormId(table)}
      name="row"
      value={rowValue(intent, id)}
      className={className}
    >
      {children}
      <span className="sr-only">{` ${name}`}</span>
    </button>
  );
}
