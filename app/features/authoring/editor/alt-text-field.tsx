/**
 * Alt text edited in place (docs/decisions/0130): on a selected image the bubble
 * shows its alt text in a field, written to the image as it is typed. From
 * the keyboard: select the image (arrow onto it), press Enter to reach the
 * field; Enter or Escape go back to the text.
 */
import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import { useId } from "react";

/** The id of the field, for the editor's Enter key to focus. */
export const ALT_FIELD_ATTRIBUTE = "data-alt-text-field";

export function AltTextField({ editor }: { editor: Editor }) {
  const id = useId();
  const alt = useEditorState({
    editor,
    selector: ({ editor: e }) => (e.getAttributes("image").alt as string | undefined) ?? "",
  });
  const back = () => editor.commands.focus();
  return (
    <div className="flex items-center gap-2 rounded-md border border-slate-300 bg-white p-1.5 shadow-lg">
      <label htmlFor={id} className="text-sm font-semibold whitespace-nowrap text-slate-800">
        Alt text
      </label>
      <input
        id={id}
        {...{ [ALT_FIELD_ATTRIBUTE]: "" }}
        value={alt}
        placeholder="Describe the image"
        className="w-56 rounded border border-slate-400 px-2 py-1 text-sm"
        onChange={(event) =>
          editor.commands.updateAttributes("image", { alt: event.currentTarget.value })
        }
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === "Escape") {
            event.preventDefault();
            back();
          }
        }}
      />
    </div>
  );
}
