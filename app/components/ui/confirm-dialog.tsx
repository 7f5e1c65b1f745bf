/**
 * The kit's confirm dialog (instead of window.confirm): `useConfirm()` gives
 * `confirm(question)`, a promise of true (accepted) or false, and the dialog
 * element to render. `ConfirmForm` is a POST form that asks first. The Radix
 * dialog itself loads the first time a question is asked (decision 0080).
 */
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from "react";
import { Form, type FormProps } from "react-router";
import type { ConfirmOptions } from "./dialog-parts";

export type { ConfirmOptions };

const ConfirmDialogBody = lazy(() =>
  import("./dialog-parts").then((m) => ({ default: m.ConfirmDialogBody })),
);

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
    <Suspense fallback={null}>
      <ConfirmDialogBody
        key={pending.question}
        question={pending.question}
        confirmLabel={pending.confirmLabel}
        cancelLabel={pending.cancelLabel}
        danger={pending.danger}
        onAnswer={(accepted) => {
          setPending(null);
          pending.resolve(accepted);
        }}
      />
    </Suspense>
  ) : null;
  return { confirm, dialog };
}

/**
 * A form that asks `question` before it submits (when given). Accepted, it
 * submits as it would have (with the same submit button); cancelled, it
 * resets (so a select shows its saved value again) unless resetOnCancel is
 * false. Without JavaScript it submits without asking: what the server does
 * then is the caller's (e.g. admin's confirmation step).
 */
export function ConfirmForm({
  question,
  confirmOptions,
  resetOnCancel = true,
  onSubmit,
  children,
  ...props
}: FormProps & {
  question?: string;
  confirmOptions?: ConfirmOptions;
  resetOnCancel?: boolean;
}) {
  const { confirm, dialog } = useConfirm();
  const asked = useRef(false);
  return (
    <>
      <Form
        {...props}
        onSubmit={(event) => {
          if (question && !asked.current) {
            event.preventDefault();
            const form = event.currentTarget;
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
            void confirm(question, confirmOptions).then((accepted) => {
              if (!accepted) {
                if (resetOnCancel) form.reset();
                return;
              }
              asked.current = true;
              try {
                form.requestSubmit(submitter ?? undefined);
              } finally {
                asked.current = false;
              }
            });
            return;
          }
          onSubmit?.(event);
        }}
      >
        {children}
      </Form>
      {dialog}
    </>
  );
}
