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

/** The accept button's text (default OK) and what answering does, shown under the title. */
export type PromptOptions = { confirmLabel?: string; description?: string };

type Pending = PromptOptions & {
  title: string;
  fields: PromptField[];
  confirmLabel?: string;
  resolve: (values: Record<string, string> | null) => void;
};

export function usePrompt(): {
  prompt: (
    title: string,
    fields: PromptField[],
    options?: PromptOptions,
  ) => Promise<Record<string, string> | null>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const prompt = useCallback(
    (title: string, fields: PromptField[], options: PromptOptions = {}) =>
      new Promise<Record<string, string> | null>((resolve) =>
        setPending({ title, fields, ...options, resolve }),
      ),
    [],
  );
  const dialog = pending ? (
    <Suspense fallback={null}>
      <PromptDialogBody
        title={pending.title}
        fields={pending.fields}
        confirmLabel={pending.confirmLabel}
        description={pending.description}
        onAnswer={(values) => {
          setPending(null);
          pending.resolve(values);
        }}
      />
    </Suspense>
  ) : null;
  return { prompt, dialog };
}
