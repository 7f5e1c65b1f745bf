import { useRef } from "react";
import { Form, type FormProps } from "react-router";
import { useConfirm, type ConfirmOptions } from "./confirm-dialog";

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
            const submitter = event.nativeEvent.submitter;
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
