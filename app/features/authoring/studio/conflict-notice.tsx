/**
 * A save refused because someone else saved the post after this editor
 * opened it (docs/milestones.md#issue-18-the-writing-studio): who and when, and the author's two ways on. Reload
 * shows their version (this browser keeps the author's own text and puts
 * it back, see use-authoring-client.tsx); Save over it sends the same save
 * again with `overwrite`, which the server then accepts.
 */
import { dangerButton, secondaryButton } from "~/components/ui/button-styles";
import { clockTime } from "./studio-rules";

export function ConflictNotice({
  conflict,
  intent,
  onReload,
}: {
  conflict: { by: string; at: string };
  intent: "publish" | "draft";
  onReload: () => void;
}) {
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900"
    >
      <p>
        {conflict.by} saved this post at {clockTime(conflict.at)}, after you opened it. Reload to
        see their version (your text stays in this browser), or save over it.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={onReload}>
          Reload their version
        </button>
        <button
          type="submit"
          name="intent"
          value={intent}
          className={dangerButton}
          onClick={(event) => {
            const form = event.currentTarget.form;
            const overwrite = form?.elements.namedItem("overwrite");
            if (overwrite instanceof HTMLInputElement) overwrite.value = "on";
          }}
        >
          Save over it
        </button>
      </div>
    </div>
  );
}
