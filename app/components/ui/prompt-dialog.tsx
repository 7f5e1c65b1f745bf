/**
 * The kit's dialog with fields (instead of window.prompt): `usePrompt()` gives
 * `prompt(title, fields)`, a promise of the values typed (by field name) or
 * null when cancelled, and the dialog element to render. The Radix dialog
 * loads the first time it opens (decision 0080).
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import type { PromptField } from "./dialog-parts";

export type { PromptField };

const PromptDialogBody = lazy(() =>
  import("./dialog-parts").then((m) => ({ default: m.PromptDialogBody })),
);

type Pending = {
  title: string;
  fields: PromptField[];
  confirmLabel?: string;
  resolve: (values: Record<string, string> | null) => void;
};

export function usePrompt(): {
  prompt: (
    title: string,
    fields: PromptField[],
    options?: { confirmLabel?: string },
  ) => Promise<Record<string, string> | null>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const prompt = useCallback(
    (title: string, fields: PromptField[], options: { confirmLabel?: string } = {}) =>
      new Promise<Record<string, string> | null>((resolve) =>
        setPending({ title, fields, confirmLabel: options.confirmLabel, resolve }),
      ),
    [],
  );
  const dialog = pending ? (
    <Suspense fallback={null}>
      <PromptDialogBody
        title={pending.title}
        fields={pending.fields}
        confirmLabel={pending.confirmLabel}
        onAnswer={(values) => {
          setPending(null);
          pending.resolve(values);
        }}
      />
    </Suspense>
  ) : null;
  return { prompt, dialog };
}
