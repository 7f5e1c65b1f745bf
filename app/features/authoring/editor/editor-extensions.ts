/**
 * The rich-text editor's extensions and its paste and drop handling
 * (rich-editor.tsx). They are made once; what they call goes through the
 * bridge, which the editor keeps up to date after each render.
 */
import { Extension, type Editor } from "@tiptap/core";
import { NodeSelection } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { Image } from "@tiptap/extension-image";
import { TextAlign } from "@tiptap/extension-text-align";
import { Color, TextStyle } from "@tiptap/extension-text-style";
import { StarterKit } from "@tiptap/starter-kit";
import type { SuggestionProps } from "@tiptap/suggestion";
import type { Dispatch, SetStateAction } from "react";
import { IMAGE_TYPES } from "~/lib/image-upload";
import type { EditorActions } from "./editor-toolbar";
import { Embed } from "./embed-node";
import { ALT_FIELD_ATTRIBUTE } from "./alt-text-field";
import { filterSlashItems, SlashCommand, type SlashItem } from "./slash-command";

/** What the editor's extensions (made once) call: the latest render's functions and menu. */
export type Bridge = {
  actions: EditorActions | null;
  insertFiles: (files: File[], at?: number) => void;
  slash: { state: SuggestionProps<SlashItem, SlashItem> | null; index: number };
};

/** Image files among pasted or dropped ones. */
function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((f) => (IMAGE_TYPES as readonly string[]).includes(f.type));
}

/** The editor's extensions: the kit, styles, images, embeds, the studio's keys and the "/" menu. */
export function editorExtensions(
  bridge: { current: Bridge },
  setSlash: Dispatch<SetStateAction<SuggestionProps<SlashItem, SlashItem> | null>>,
  setSlashIndex: Dispatch<SetStateAction<number>>,
) {
  return [
    StarterKit.configure({
      // The dialog decides whether a link opens in a new tab.
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        HTMLAttributes: { target: null, rel: null },
      },
    }),
    TextStyle,
    Color,
    TextAlign.configure({ types: ["heading", "paragraph"] }),
    Image,
    Embed,
    Extension.create({
      name: "studioShortcuts",
      addKeyboardShortcuts() {
        return {
          "Mod-k": () => {
            bridge.current.actions?.link();
            return true;
          },
          // On a selected image, Enter goes to its alt text (docs/decisions/0130).
          Enter: () => {
            const { selection } = this.editor.state;
            if (!(selection instanceof NodeSelection) || selection.node.type.name !== "image") {
              return false;
            }
            const field = document.querySelector<HTMLInputElement>(`[${ALT_FIELD_ATTRIBUTE}]`);
            field?.focus();
            return Boolean(field);
          },
        };
      },
    }),
    SlashCommand.configure({
      items: (query) =>
        filterSlashItems(
          slashItems(() => bridge.current.actions),
          query,
        ),
      onChange: (props) => {
        setSlash(props);
        setSlashIndex(0);
      },
      onKeyDown: ({ event }) => {
        const { state, index } = bridge.current.slash;
        if (!state) return false;
        const count = state.items.length;
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          if (count) setSlashIndex((index + (event.key === "ArrowDown" ? 1 : count - 1)) % count);
          return true;
        }
        if (event.key === "Enter") {
          const item = state.items[index];
          if (item) state.command(item);
          return true;
        }
        if (event.key === "Escape") {
          setSlash(null);
          return true;
        }
        return false;
      },
    }),
  ];
}

/** Pasted or dropped images are uploaded and put where they landed. */
export function pasteAndDrop(bridge: { current: Bridge }) {
  return {
    handlePaste: (_view: EditorView, event: ClipboardEvent) => {
      const files = imageFiles(event.clipboardData?.files);
      if (!files.length) return false;
      event.preventDefault();
      bridge.current.insertFiles(files);
      return true;
    },
    handleDrop: (view: EditorView, event: DragEvent, _slice: unknown, moved: boolean) => {
      if (moved) return false;
      const files = imageFiles(event.dataTransfer?.files);
      if (!files.length) return false;
      event.preventDefault();
      const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
      bridge.current.insertFiles(files, at);
      return true;
    },
  };
}

/** The "/" menu's blocks. */
function slashItems(actions: () => EditorActions | null): SlashItem[] {
  const block = (
    id: string,
    label: string,
    keywords: string,
    run: (e: Editor) => void,
  ): SlashItem => ({
    id,
    label,
    keywords,
    run: (editor, range) => {
      editor.chain().focus().deleteRange(range).run();
      run(editor);
    },
  });
  return [
    block("h1", "Heading 1", "title h1", (e) => e.chain().focus().setHeading({ level: 1 }).run()),
    block("h2", "Heading 2", "subtitle h2", (e) =>
      e.chain().focus().setHeading({ level: 2 }).run(),
    ),
    block("h3", "Heading 3", "h3", (e) => e.chain().focus().setHeading({ level: 3 }).run()),
    block("bullet", "Bullet list", "unordered ul", (e) =>
      e.chain().focus().toggleBulletList().run(),
    ),
    block("ordered", "Numbered list", "ordered ol", (e) =>
      e.chain().focus().toggleOrderedList().run(),
    ),
    block("quote", "Quote", "blockquote", (e) => e.chain().focus().toggleBlockquote().run()),
    block("code", "Code block", "pre", (e) => e.chain().focus().toggleCodeBlock().run()),
    block("divider", "Divider", "hr rule line", (e) => e.chain().focus().setHorizontalRule().run()),
    block("image", "Image", "picture photo", () => actions()?.image()),
    block("upload", "Upload image", "picture photo file", () => actions()?.upload()),
    block("embed", "Embed", "youtube vimeo spotify soundcloud video audio", () =>
      actions()?.embed(),
    ),
  ];
}
