/**
 * The editor's toolbars (issue 18): the main row above the text and the
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
import type { ReactNode } from "react";
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

export function EditorToolbar({ editor, actions }: { editor: Editor; actions: EditorActions }) {
  const on = useActive(editor);
  const chain = () => editor.chain().focus();
  return (
    <Toolbar
      label="Formatting"
      className="sticky top-0 z-10 flex flex-wrap items-center gap-0.5 rounded-t-md border-b border-slate-300 bg-slate-50 p-1"
    >
      <Tool
        label="Paragraph"
        keys="Alt+0"
        icon={Pilcrow}
        pressed={on.paragraph}
        onClick={() => chain().setParagraph().run()}
      />
      {HEADING_ICONS.map((Icon, i) => (
        <Tool
          key={i}
          label={`Heading ${i + 1}`}
          keys={`Alt+${i + 1}`}
          icon={Icon}
          pressed={on.headings[i]}
          onClick={() =>
            chain()
              .toggleHeading({ level: (i + 1) as Level })
              .run()
          }
        />
      ))}
      <Divider />
      <Tool
        label="Bold"
        keys="B"
        icon={Bold}
        pressed={on.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <Tool
        label="Italic"
        keys="I"
        icon={Italic}
        pressed={on.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <Tool
        label="Underline"
        keys="U"
        icon={Underline}
        pressed={on.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <Tool
        label="Strikethrough"
        keys="Shift+S"
        icon={Strikethrough}
        pressed={on.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <Tool label="Link" keys="K" icon={Link} pressed={on.link} onClick={actions.link} />
      <Divider />
      {ALIGNS.map(([align, label, Icon, keys], i) => (
        <Tool
          key={align}
          label={label}
          keys={keys}
          icon={Icon}
          pressed={on.align[i]}
          onClick={() => chain().setTextAlign(align).run()}
        />
      ))}
      <Divider />
      <Tool
        label="Bullet list"
        keys="Shift+8"
        icon={List}
        pressed={on.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <Tool
        label="Numbered list"
        keys="Shift+7"
        icon={ListOrdered}
        pressed={on.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <Tool
        label="Quote"
        keys="Shift+B"
        icon={TextQuote}
        pressed={on.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <Tool
        label="Code block"
        keys="Alt+C"
        icon={CodeXml}
        pressed={on.codeBlock}
        onClick={() => chain().toggleCodeBlock().run()}
      />
      <Tool label="Divider" icon={Minus} onClick={() => chain().setHorizontalRule().run()} />
      <Divider />
      <Tool label="Image by URL" icon={ImageIcon} pressed={on.image} onClick={actions.image} />
      <Tool label="Upload image" icon={ImageUp} onClick={actions.upload} />
      <Tool label="Embed" icon={Clapperboard} onClick={actions.embed} />
      <Divider />
      {TEXT_COLOURS.map((colour, i) => (
        <Tool
          key={colour.value}
          label={`Text colour ${colour.name}`}
          pressed={on.colours[i]}
          onClick={() => chain().setColor(colour.value).run()}
        >
          <span
            aria-hidden="true"
            className="h-4 w-4 rounded-full border border-slate-400"
            style={{ backgroundColor: colour.value }}
          />
        </Tool>
      ))}
      <Divider />
      <Tool
        label="Undo"
        keys="Z"
        icon={Undo2}
        disabled={!on.canUndo}
        onClick={() => chain().undo().run()}
      />
      <Tool
        label="Redo"
        keys="Shift+Z"
        icon={Redo2}
        disabled={!on.canRedo}
        onClick={() => chain().redo().run()}
      />
    </Toolbar>
  );
}

/** On a text selection: bold, italic, link, heading (an image's bubble is its alt text). */
export function SelectionToolbar({ editor, actions }: { editor: Editor; actions: EditorActions }) {
  const on = useActive(editor);
  const chain = () => editor.chain().focus();
  if (on.image) return <AltTextField editor={editor} />;
  return (
    <Toolbar
      label="Selection"
      className="flex items-center gap-0.5 rounded-md border border-slate-300 bg-white p-1 shadow-lg"
    >
      <Tool
        label="Bold"
        keys="B"
        icon={Bold}
        pressed={on.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <Tool
        label="Italic"
        keys="I"
        icon={Italic}
        pressed={on.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <Tool label="Link" keys="K" icon={Link} pressed={on.link} onClick={actions.link} />
      <Tool
        label="Heading 2"
        keys="Alt+2"
        icon={Heading2}
        pressed={on.headings[1]}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <Tool
        label="Heading 3"
        keys="Alt+3"
        icon={Heading3}
        pressed={on.headings[2]}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      />
    </Toolbar>
  );
}
