/**
 * The editor's toolbars (docs/milestones.md#issue-18-the-writing-studio): the main row above the text and the
 * small one on a selection. Each button is a lucide icon with its name and
 * shortcut in the tooltip, aria-pressed for every mark and block it
 * toggles, all in the kit's Toolbar (one tab stop, arrows move).
 */
import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Clapperboard,
  CodeXml,
  Heading1,
  Heading2,
  Heading3,
  Heading4,
  Heading5,
  Heading6,
  Image as ImageIcon,
  ImageUp,
  Italic,
  Link,
  List,
  ListOrdered,
  Minus,
  Pilcrow,
  Redo2,
  Strikethrough,
  TextQuote,
  Underline,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { Toolbar } from "~/components/ui/toolbar";
import { AltTextField } from "./alt-text-field";

/** Six text colours, each readable on white (WCAG AA). */
export const TEXT_COLOURS = [
  { name: "Black", value: "#0f172a" },
  { name: "Red", value: "#b91c1c" },
  { name: "Orange", value: "#c2410c" },
  { name: "Green", value: "#15803d" },
  { name: "Blue", value: "#1d4ed8" },
  { name: "Purple", value: "#7e22ce" },
] as const;

const HEADING_ICONS = [Heading1, Heading2, Heading3, Heading4, Heading5, Heading6] as const;
type Level = 1 | 2 | 3 | 4 | 5 | 6;
const ALIGNS = [
  ["left", "Align left", AlignLeft, "Shift+L"],
  ["center", "Align center", AlignCenter, "Shift+E"],
  ["right", "Align right", AlignRight, "Shift+R"],
  ["justify", "Align justify", AlignJustify, "Shift+J"],
] as const;

/** "Ctrl" or "⌘", for the tooltips. */
export function modKey(): string {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform)
    ? "⌘"
    : "Ctrl";
}

/** The tooltip: the name and, when there is one, the shortcut ("Bold (Ctrl+B)"). */
export function withShortcut(label: string, keys?: string): string {
  return keys ? `${label} (${modKey()}+${keys})` : label;
}

export type EditorActions = {
  link: () => void;
  image: () => void;
  upload: () => void;
  embed: () => void;
};

/** Every flag the buttons show, read in one selector per render. */
function useActive(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      paragraph: e.isActive("paragraph"),
      headings: [1, 2, 3, 4, 5, 6].map((level) => e.isActive("heading", { level })),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      strike: e.isActive("strike"),
      align: ALIGNS.map(([a]) => e.isActive({ textAlign: a })),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      blockquote: e.isActive("blockquote"),
      codeBlock: e.isActive("codeBlock"),
      link: e.isActive("link"),
      image: e.isActive("image"),
      colours: TEXT_COLOURS.map((c) => e.isActive("textStyle", { color: c.value })),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

const toolClass = (active: boolean) =>
  `inline-flex h-8 min-w-8 items-center justify-center rounded px-1.5 text-sm ${
    active ? "bg-slate-800 text-white" : "bg-white text-slate-900 hover:bg-slate-100"
  } disabled:opacity-40`;

function Tool({
  label,
  keys,
  pressed,
  disabled,
  icon: Icon,
  onClick,
  children,
}: {
  label: string;
  keys?: string;
  /** Undefined for a command (no on/off state). */
  pressed?: boolean;
  disabled?: boolean;
  icon?: LucideIcon;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={withShortcut(label, keys)}
      aria-keyshortcuts={keys ? `Control+${keys}` : undefined}
      aria-pressed={pressed}
      disabled={disabled}
      className={toolClass(Boolean(pressed))}
      // Keep the selection in the text while clicking.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {Icon ? <Icon aria-hidden="true" className="h-4 w-4" /> : null}
      {children}
    </button>
  );
}

const Divider = () => <span aria-hidden="true" className="mx-0.5 h-6 w-px bg-slate-300" />;

type Active = ReturnType<typeof useActive>;
type Chain = ReturnType<Editor["chain"]>;

/** One button of the table: its name, shortcut, icon, on/off state and what it does. */
type ToolSpec = {
  label: string;
  keys?: string;
  icon?: LucideIcon;
  /** A swatch instead of an icon (the text colours). */
  colour?: string;
  pressed?: (on: Active) => boolean;
  disabled?: (on: Active) => boolean;
  run: (chain: () => Chain, actions: EditorActions) => void;
};

/** The main toolbar, one group per run between dividers. */
const TOOL_GROUPS: ToolSpec[][] = [
  [
    {
      label: "Paragraph",
      keys: "Alt+0",
      icon: Pilcrow,
      pressed: (on) => on.paragraph,
      run: (c) => c().setParagraph().run(),
    },
    ...HEADING_ICONS.map((icon, i): ToolSpec => ({
      label: `Heading ${i + 1}`,
      keys: `Alt+${i + 1}`,
      icon,
      pressed: (on) => on.headings[i]!,
      run: (c) =>
        c()
          .toggleHeading({ level: (i + 1) as Level })
          .run(),
    })),
  ],
  [
    {
      label: "Bold",
      keys: "B",
      icon: Bold,
      pressed: (on) => on.bold,
      run: (c) => c().toggleBold().run(),
    },
    {
      label: "Italic",
      keys: "I",
      icon: Italic,
      pressed: (on) => on.italic,
      run: (c) => c().toggleItalic().run(),
    },
    {
      label: "Underline",
      keys: "U",
      icon: Underline,
      pressed: (on) => on.underline,
      run: (c) => c().toggleUnderline().run(),
    },
    {
      label: "Strikethrough",
      keys: "Shift+S",
      icon: Strikethrough,
      pressed: (on) => on.strike,
      run: (c) => c().toggleStrike().run(),
    },
    { label: "Link", keys: "K", icon: Link, pressed: (on) => on.link, run: (_c, a) => a.link() },
  ],
  ALIGNS.map(([align, label, icon, keys], i): ToolSpec => ({
    label,
    keys,
    icon,
    pressed: (on) => on.align[i]!,
    run: (c) => c().setTextAlign(align).run(),
  })),
  [
    {
      label: "Bullet list",
      keys: "Shift+8",
      icon: List,
      pressed: (on) => on.bulletList,
      run: (c) => c().toggleBulletList().run(),
    },
    {
      label: "Numbered list",
      keys: "Shift+7",
      icon: ListOrdered,
      pressed: (on) => on.orderedList,
      run: (c) => c().toggleOrderedList().run(),
    },
    {
      label: "Quote",
      keys: "Shift+B",
      icon: TextQuote,
      pressed: (on) => on.blockquote,
      run: (c) => c().toggleBlockquote().run(),
    },
    {
      label: "Code block",
      keys: "Alt+C",
      icon: CodeXml,
      pressed: (on) => on.codeBlock,
      run: (c) => c().toggleCodeBlock().run(),
    },
    { label: "Divider", icon: Minus, run: (c) => c().setHorizontalRule().run() },
  ],
  [
    {
      label: "Image by URL",
      icon: ImageIcon,
      pressed: (on) => on.image,
      run: (_c, a) => a.image(),
    },
    { label: "Upload image", icon: ImageUp, run: (_c, a) => a.upload() },
    { label: "Embed", icon: Clapperboard, run: (_c, a) => a.embed() },
  ],
  TEXT_COLOURS.map((colour, i): ToolSpec => ({
    label: `Text colour ${colour.name}`,
    colour: colour.value,
    pressed: (on) => on.colours[i]!,
    run: (c) => c().setColor(colour.value).run(),
  })),
  [
    {
      label: "Undo",
      keys: "Z",
      icon: Undo2,
      disabled: (on) => !on.canUndo,
      run: (c) => c().undo().run(),
    },
    {
      label: "Redo",
      keys: "Shift+Z",
      icon: Redo2,
      disabled: (on) => !on.canRedo,
      run: (c) => c().redo().run(),
    },
  ],
];

/** The bubble on a text selection: these of the table. */
const SELECTION_TOOLS = ["Bold", "Italic", "Link", "Heading 2", "Heading 3"].map((label) =>
  TOOL_GROUPS.flat().find((tool) => tool.label === label)!,
);

function Tools({
  tools,
  on,
  editor,
  actions,
}: {
  tools: ToolSpec[];
  on: Active;
  editor: Editor;
  actions: EditorActions;
}) {
  const chain = () => editor.chain().focus();
  return tools.map((tool) => (
    <Tool
      key={tool.label}
      label={tool.label}
      keys={tool.keys}
      icon={tool.icon}
      pressed={tool.pressed?.(on)}
      disabled={tool.disabled?.(on)}
      onClick={() => tool.run(chain, actions)}
    >
      {tool.colour ? (
        <span
          aria-hidden="true"
          className="h-4 w-4 rounded-full border border-slate-400"
          style={{ backgroundColor: tool.colour }}
        />
      ) : null}
    </Tool>
  ));
}

export function EditorToolbar({ editor, actions }: { editor: Editor; actions: EditorActions }) {
  const on = useActive(editor);
  return (
    <Toolbar
      label="Formatting"
      className="sticky top-0 z-10 flex flex-wrap items-center gap-0.5 rounded-t-md border-b border-slate-300 bg-slate-50 p-1"
    >
      {TOOL_GROUPS.map((tools, i) => (
        <Fragment key={tools[0]!.label}>
          {i > 0 ? <Divider /> : null}
          <Tools tools={tools} on={on} editor={editor} actions={actions} />
        </Fragment>
      ))}
    </Toolbar>
  );
}

/** On a text selection: bold, italic, link, heading (an image's bubble is its alt text). */
export function SelectionToolbar({ editor, actions }: { editor: Editor; actions: EditorActions }) {
  const on = useActive(editor);
  if (on.image) return <AltTextField editor={editor} />;
  return (
    <Toolbar
      label="Selection"
      className="flex items-center gap-0.5 rounded-md border border-slate-300 bg-white p-1 shadow-lg"
    >
      <Tools tools={SELECTION_TOOLS} on={on} editor={editor} actions={actions} />
    </Toolbar>
  );
}
