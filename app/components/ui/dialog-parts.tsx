/**
 * The Radix part of the kit's dialogs, loaded on demand by prompt-dialog.tsx
 * the first time it opens (decision 0080):
 * focus moves into the dialog and comes back to the opener, the page behind
 * is inert, Escape cancels.
 */
import { focusOpener } from "./row-menu";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { primaryButton, secondaryButton } from "./button-styles";
import { textOf } from "~/lib/form-values";
import { inputClass } from "./form";

/**
 * Radix gives focus back to its own Trigger; these dialogs are opened by
 * code (a form's submit, an editor's button), so focus goes back to whatever
 * had it when the dialog opened.
 */
function useOpener() {
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  return (event: Event) => {
    event.preventDefault();
    focusOpener(opener);
  };
}

const overlay = "fixed inset-0 z-50 bg-slate-900/50";
const content =
  "fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none";

export type PromptField = {
  name: string;
  label: string;
  defaultValue?: string;
  /** A checkbox answers "on" when ticked (defaultValue "on" ticks it), "" when not. */
  type?: "text" | "url" | "textarea" | "select" | "checkbox";
  /** A select's choices. */
  options?: readonly { value: string; label: string }[];
  maxLength?: number;
  required?: boolean;
  /** A line under the field. */
  hint?: string;
};

function PromptInput({ field }: { field: PromptField }) {
  const common = {
    id: `prompt-${field.name}`,
    name: field.name,
    defaultValue: field.defaultValue ?? "",
    required: field.required,
    "aria-describedby": field.hint ? `prompt-${field.name}-hint` : undefined,
    className: inputClass,
  };
  if (field.type === "select") {
    return (
      <select {...common}>
        {field.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === "textarea")
    return <textarea {...common} rows={4} maxLength={field.maxLength} />;
  return <input {...common} type={field.type ?? "text"} maxLength={field.maxLength} />;
}

/**
 * A dialog with fields: OK resolves with the values typed (by field name),
 * Cancel, Escape or the close button with null.
 */
export function PromptDialogBody({
  title,
  fields,
  confirmLabel = "OK",
  description,
  onAnswer,
}: {
  title: string;
  fields: PromptField[];
  confirmLabel?: string;
  /** What answering does (e.g. the spec's question), read out with the title. */
  description?: string;
  onAnswer: (values: Record<string, string> | null) => void;
}) {
  const answered = useRef(false);
  const returnFocus = useOpener();
  const answer = (values: Record<string, string> | null) => {
    if (answered.current) return;
    answered.current = true;
    onAnswer(values);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // This form is the dialog's own: it must not submit an enclosing page form.
    event.stopPropagation();
    const data = new FormData(event.currentTarget);
    answer(Object.fromEntries(fields.map((f) => [f.name, textOf(data, f.name)])));
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && answer(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          className={content}
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={returnFocus}
          onOpenAutoFocus={(event) => {
            // The first field, not the close button, takes focus.
            const field = (event.currentTarget as HTMLElement).querySelector<
              HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
            >("input, select, textarea");
            if (!field) return;
            event.preventDefault();
            field.focus();
            if (field instanceof HTMLInputElement) field.select();
          }}
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close className="rounded p-1 text-slate-700 hover:bg-slate-100">
              <X aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mt-2 text-sm text-slate-800">
              {description}
            </Dialog.Description>
          ) : null}
          <form onSubmit={onSubmit} className="mt-4 space-y-4">
            {fields.map((field) =>
              field.type === "checkbox" ? (
                <label
                  key={field.name}
                  className="flex items-center gap-2 text-sm font-semibold text-slate-800"
                >
                  <input
                    type="checkbox"
                    name={field.name}
                    defaultChecked={field.defaultValue === "on"}
                  />
                  {field.label}
                </label>
              ) : (
                <div key={field.name}>
                  <label
                    htmlFor={`prompt-${field.name}`}
                    className="block text-sm font-semibold text-slate-800"
                  >
                    {field.label}
                  </label>
                  <PromptInput field={field} />
                  {field.hint ? (
                    <p id={`prompt-${field.name}-hint`} className="mt-1 text-xs text-slate-600">
                      {field.hint}
                    </p>
                  ) : null}
                </div>
              ),
            )}
            <div className="flex justify-end gap-3">
              <Dialog.Close className={secondaryButton}>Cancel</Dialog.Close>
              <button type="submit" data-dialog-accept="" className={primaryButton}>
                {confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
