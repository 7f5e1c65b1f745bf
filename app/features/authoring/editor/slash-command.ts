/**
 * The "/" command menu (docs/milestones.md#issue-18-the-writing-studio): typing "/" in the body opens a list of
 * blocks to insert, filtered by what follows the slash. It is TipTap's own
 * Suggestion plugin; the list itself is drawn by React (slash-menu.tsx),
 * which these options tell about each change and each key.
 */
import { Extension, type Editor, type Range } from "@tiptap/core";
import { Suggestion, type SuggestionKeyDownProps, type SuggestionProps } from "@tiptap/suggestion";
import { PluginKey } from "@tiptap/pm/state";

export type SlashItem = {
  id: string;
  label: string;
  /** Other words that find it. */
  keywords: string;
  run: (editor: Editor, range: Range) => void;
};

export type SlashOptions = {
  items: (query: string) => SlashItem[];
  onChange: (props: SuggestionProps<SlashItem, SlashItem> | null) => void;
  onKeyDown: (props: SuggestionKeyDownProps) => boolean;
};

/** The items whose label or keywords contain the query (case-insensitive), in order. */
export function filterSlashItems(items: SlashItem[], query: string): SlashItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return items;
  return items.filter((item) => `${item.label} ${item.keywords}`.toLowerCase().includes(q));
}

export const SlashCommand = Extension.create<SlashOptions>({
  name: "slashCommand",
  addOptions() {
    return { items: () => [], onChange: () => {}, onKeyDown: () => false };
  },
  addProseMirrorPlugins() {
    const options = this.options;
    return [
      Suggestion<SlashItem, SlashItem>({
        pluginKey: new PluginKey("slashCommand"),
        editor: this.editor,
        char: "/",
        // Not in code (a path, a URL); at a line's start or after a space.
        allow: ({ editor }) => !editor.isActive("codeBlock"),
        items: ({ query }) => options.items(query),
        command: ({ editor, range, props }) => props.run(editor, range),
        render: () => ({
          onStart: (props) => options.onChange(props),
          onUpdate: (props) => options.onChange(props),
          onExit: () => options.onChange(null),
          onKeyDown: (props) => options.onKeyDown(props),
        }),
      }),
    ];
  },
});
