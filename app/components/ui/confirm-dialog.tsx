/**
 * The kit's confirm dialog (instead of window.confirm): `useConfirm()` gives
 * `confirm(question)`, a promise of true (accepted) or false, and the dialog
 * element to render (`ConfirmForm` in confirm-form.tsx is a POST form that
 * asks first).
 *
 * It is the one dialog a reader page needs (deleting a comment on the
 * article), so it is the browser's own modal <dialog> (top layer, the page
 * behind inert, Escape cancels) with role="alertdialog": no library and no
 * code loaded on demand, which would put the article over its JavaScript
 * budget (decision 0080). Focus starts on Cancel and returns to the opener.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { dangerButton, primaryButton, secondaryButton } from "./button-styles";
import { focusOpener } from "./row-menu";

export type ConfirmOptions = {
  /** The accept button's text (default OK). */
  confirmLabel?: string;
  /** A destructive action: the accept button is red. */
  danger?: boolean;
};

/** The modal asking `question`; calls onAnswer once with true (accepted) or false. */
function ConfirmDialogBody({
  question,
  confirmLabel = "OK",
  danger = false,
  onAnswer,
}: ConfirmOptions & { question: string; onAnswer: (accepted: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  const [opener] = useState(() => document.activeElement as HTMLElement | null);

  useEffect(() => {
    const element = dialog.current!;
    element.showModal();
    cancel.current?.focus();
    return () => element.close();
  }, []);

  const answer = (accepted: boolean) => {
    if (answered.current) return;
    answered.current = true;
    dialog.current?.close();
    focusOpener(opener);
    onAnswer(accepted);
  };

  // A modal <dialog> is drawn in the top layer wherever it sits in the page.
  // Only one is open at a time, so its heading's id is fixed.
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="confirm-dialog-question"
      // Escape (and any other close request) cancels.
      onCancel={(event) => {
        event.preventDefault();
        answer(false);
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="confirm-dialog-question" className="text-base font-semibold text-slate-900">
        {question}
      </h2>
      <div className="mt-6 flex justify-end gap-3">
        <button
          ref={cancel}
          type="button"
          className={secondaryButton}
          onClick={() => answer(false)}
        >
          Cancel
        </button>
        <button
          type="button"
          data-dialog-accept=""
          className={danger ? dangerButton : primaryButton}
          onClick={() => answer(true)}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

type Pending = ConfirmOptions & { question: string; resolve: (accepted: boolean) => void };

export function useConfirm(): {
  confirm: (question: string, options?: ConfirmOptions) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (question: string, options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => setPending({ ...options, question, resolve })),
    [],
  );
  const dialog = pending ? (
    <ConfirmDialogBody
      question={pending.question}
      confirmLabel={pending.confirmLabel}
      danger={pending.danger}
      onAnswer={(accepted) => {
        setPending(null);
        pending.resolve(accepted);
      }}
    />
  ) : null;
  return { confirm, dialog };
}
