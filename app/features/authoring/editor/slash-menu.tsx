/**
 * The "/" menu's list: a listbox under the caret; Up and Down choose, Enter
 * inserts, Escape closes (the keys reach it through slash-command.ts, focus
 * stays in the text). A click inserts too.
 */
import type { SuggestionProps } from "@tiptap/suggestion";
import type { SlashItem } from "./slash-command";

export function SlashMenu({
  state,
  active,
  onChoose,
}: {
  state: SuggestionProps<SlashItem, SlashItem>;
  active: number;
  onChoose: (item: SlashItem) => void;
}) {
  const rect = state.clientRect?.();
  if (!rect) return null;
  return (
    <div
      className="fixed z-40 max-h-72 w-60 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
      style={{
        top: rect.bottom + 4,
        left: Math.max(8, Math.min(rect.left, window.innerWidth - 248)),
      }}
    >
      {state.items.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-600">No matching block</p>
      ) : (
        <ul role="listbox" id="slash-menu" aria-label="Insert a block">
          {state.items.map((item, i) => (
            <li
              key={item.id}
              id={`slash-${item.id}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-1.5 text-sm ${i === active ? "bg-brand-700 text-white" : "text-slate-900 hover:bg-slate-100"}`}
              onMouseDown={(event) => {
                // Keep the caret in the text.
                event.preventDefault();
                onChoose(item);
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
