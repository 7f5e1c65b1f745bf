/**
 * The rich-text editor (TipTap): loaded lazily, on authoring pages only,
 * after the page has hydrated. It edits the HTML of the form's content
 * textarea and writes every change back into it, so the form posts the same
 * field with or without the editor.
 *
 * What the author sees is what readers get (issue 18): the text is drawn
 * with the published article's own stylesheet (`.post-body`, app/app.css).
 * Links, images and embeds are asked for in the kit's dialogs, an image's
 * alt text in a field on the selected image;
 * images also arrive by upload, paste and drag-and-drop, each with a
 * progress bar, through the site's upload pipeline (re-encoded, variants).
 */
import { Extension } from "@tiptap/core";
import { NodeSelection } from "@tiptap/pm/state";
import { Image } from "@tiptap/extension-image";
import { TextAlign } from "@tiptap/extension-text-align";
import { Color, TextStyle } from "@tiptap/extension-text-style";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import { StarterKit } from "@tiptap/starter-kit";
import type { SuggestionProps } from "@tiptap/suggestion";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { usePrompt } from "~/components/ui/prompt-dialog";
import { Toast, useClearAfter } from "~/components/ui/toast";
import { IMAGE_TYPES } from "~/lib/image-upload";
import { EditorToolbar, SelectionToolbar, type EditorActions } from "./editor/editor-toolbar";
import { Embed, embedAttributes } from "./editor/embed-node";
import { ALT_FIELD_ATTRIBUTE } from "./editor/alt-text-field";
import { filterSlashItems, SlashCommand, type SlashItem } from "./editor/slash-command";
import { SlashMenu } from "./editor/slash-menu";
import { uploadImage } from "./upload-image";
import { IMAGE_TOAST_MS, STUDIO_TOASTS } from "./studio/studio-messages";

export { TEXT_COLOURS } from "./editor/editor-toolbar";

/** Said when a link is not one of the players we embed. */
export const EMBED_REFUSED =
  "That link can't be embedded: use a YouTube, Vimeo, Spotify or SoundCloud address.";

type Upload = { id: number; name: string; part: number };

/** What the editor's extensions (made once) call: the latest render's functions and menu. */
type Bridge = {
  actions: EditorActions | null;
  insertFiles: (files: File[], at?: number) => void;
  slash: { state: SuggestionProps<SlashItem, SlashItem> | null; index: number };
};

/** Image files among pasted or dropped ones. */
function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((f) => (IMAGE_TYPES as readonly string[]).includes(f.type));
}

export default function RichEditor({
  textarea,
  onChange,
}: {
  textarea: HTMLTextAreaElement;
  onChange?: () => void;
}) {
  const [message, setMessage] = useState("");
  // The upload's success toast (issue 18 §7), cleared after 3 s (spec 2 §9).
  const [done, setDone] = useState<{ text: string } | null>(null);
  const toast = useClearAfter(done, IMAGE_TOAST_MS);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [slash, setSlash] = useState<SuggestionProps<SlashItem, SlashItem> | null>(null);
  const [slashIndex, setSlashIndex] = useState(0);
  const nextUpload = useRef(1);
  const { prompt, dialog } = usePrompt();
  // The editor's extensions are made once; what they call is kept up to date here.
  const bridge = useRef<Bridge>({
    actions: null,
    insertFiles: () => {},
    slash: { state: null, index: 0 },
  });
  const fileInputId = useId();

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
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
            // On a selected image, Enter goes to its alt text (issue 18 §2).
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
      // The extensions read the bridge when a key is pressed, never while rendering.
      // eslint-disable-next-line react-hooks/refs
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
    ],
    content: textarea.value,
    editorProps: {
      attributes: {
        // The published article's stylesheet (app/app.css), so headings, lists, quotes
        // and code look here as they will on the page.
        class: "post-body min-h-64 px-4 py-3 focus:outline-none",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Content",
      },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (!files.length) return false;
        event.preventDefault();
        bridge.current.insertFiles(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const files = imageFiles(event.dataTransfer?.files);
        if (!files.length) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        bridge.current.insertFiles(files, at);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      writeBack(textarea, e.isEmpty ? "" : e.getHTML());
      onChange?.();
    },
  });

  /** Uploads each file with a progress bar, then puts the image where it was pasted or dropped. */
  const insertFiles = (files: File[], at?: number) => {
    if (!editor) return;
    for (const file of files) {
      const id = nextUpload.current++;
      setUploads((list) => [...list, { id, name: file.name || "image", part: 0 }]);
      setMessage(`Uploading ${file.name || "image"}…`);
      setDone(null);
      uploadImage(file, (part) =>
        setUploads((list) => list.map((u) => (u.id === id ? { ...u, part } : u))),
      )
        .then((src) => {
          const image = { type: "image", attrs: { src, alt: "" } };
          if (at === undefined) editor.chain().focus().insertContent(image).run();
          else editor.chain().focus().insertContentAt(at, image).run();
          // The new image is selected: its bubble asks for the alt text at once.
          selectImage(editor, src);
          setMessage("");
          setDone({ text: STUDIO_TOASTS.imageUploaded });
        })
        .catch((error: unknown) => {
          setMessage(error instanceof Error ? error.message : "Failed to upload image");
        })
        .finally(() => setUploads((list) => list.filter((u) => u.id !== id)));
    }
  };

  const actions: EditorActions | null = editor
    ? {
        link: () => void askLink(editor, prompt),
        image: () => void askImage(editor, prompt),
        upload: () => document.getElementById(fileInputId)?.click(),
        embed: () => void askEmbed(editor, prompt, setMessage),
      }
    : null;
  // What the editor's extensions call (made once) follows each render.
  useLayoutEffect(() => {
    bridge.current = { actions, insertFiles, slash: { state: slash, index: slashIndex } };
  });

  if (!editor || !actions) return null;

  return (
    <div className="mt-1 rounded-md border border-slate-400" data-testid="rich-editor">
      <EditorToolbar editor={editor} actions={actions} />
      <BubbleMenu editor={editor} options={{ placement: "top" }}>
        <SelectionToolbar editor={editor} actions={actions} />
      </BubbleMenu>
      <input
        id={fileInputId}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        hidden
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) insertFiles([file]);
        }}
      />
      <EditorContent editor={editor} />
      {slash ? (
        <SlashMenu state={slash} active={slashIndex} onChoose={(item) => slash.command(item)} />
      ) : null}
      {uploads.length ? (
        <ul className="space-y-1 px-4 pb-1" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.id} className="flex items-center gap-2 text-sm text-slate-700">
              <label htmlFor={`editor-upload-${u.id}`} className="truncate">
                {u.name}
              </label>
              <progress
                id={`editor-upload-${u.id}`}
                max={100}
                value={Math.round(u.part * 100)}
                className="h-2 w-40"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="px-4 pb-1 text-sm text-slate-700">
        {message}
      </p>
      {toast ? (
        <div className="px-4 pb-2">
          <Toast>{toast.text}</Toast>
        </div>
      ) : null}
      {dialog}
    </div>
  );
}

type Prompt = ReturnType<typeof usePrompt>["prompt"];

/** The link dialog: address, text, and whether it opens in a new tab; an empty address removes it. */
async function askLink(editor: Editor, prompt: Prompt) {
  editor.commands.extendMarkRange("link");
  const { from, to } = editor.state.selection;
  const selected = editor.state.doc.textBetween(from, to, " ");
  const current = editor.getAttributes("link") as { href?: string; target?: string | null };
  const answer = await prompt("Link", [
    { name: "url", label: "Link URL", type: "url", defaultValue: current.href ?? "https://" },
    { name: "text", label: "Text", defaultValue: selected },
    {
      name: "newTab",
      label: "Open in a new tab",
      type: "checkbox",
      defaultValue: current.target === "_blank" ? "on" : "",
    },
  ]);
  if (answer === null) return;
  const url = answer.url!.trim();
  const chain = editor.chain().focus().setTextSelection({ from, to });
  if (url === "" || url === "https://") {
    chain.extendMarkRange("link").unsetLink().run();
    return;
  }
  const attrs = { href: url, target: answer.newTab === "on" ? "_blank" : null };
  const text = answer.text!.trim();
  if (text && text !== selected) {
    chain.insertContent({ type: "text", text, marks: [{ type: "link", attrs }] }).run();
  } else if (from === to) {
    chain.insertContent({ type: "text", text: url, marks: [{ type: "link", attrs }] }).run();
  } else {
    chain.setLink(attrs).run();
  }
}

async function askImage(editor: Editor, prompt: Prompt) {
  const answer = await prompt("Image", [
    { name: "url", label: "Image URL", type: "url", defaultValue: "https://" },
    { name: "alt", label: "Describe the image (alt text)" },
  ]);
  const url = answer?.url?.trim();
  if (url && /^(https?:\/\/.+|\/(?!\/).*)$/i.test(url)) {
    editor
      .chain()
      .focus()
      .setImage({ src: url, alt: answer!.alt ?? "" })
      .run();
  }
}

async function askEmbed(editor: Editor, prompt: Prompt, say: (message: string) => void) {
  const answer = await prompt("Embed", [
    {
      name: "url",
      label: "Link to embed",
      type: "url",
      defaultValue: "https://",
      hint: "A YouTube, Vimeo, Spotify or SoundCloud address.",
    },
  ]);
  const url = answer?.url?.trim();
  if (!url || url === "https://") return;
  if (!embedAttributes(url)) {
    say(EMBED_REFUSED);
    return;
  }
  editor.chain().focus().setEmbed(url).run();
  say("");
}

/** Selects the image with this address (an upload's is unique). */
function selectImage(editor: Editor, src: string) {
  let at: number | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name === "image" && node.attrs.src === src) at = pos;
  });
  if (at !== null) editor.commands.setNodeSelection(at);
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

/** The form's field follows the editor. */
function writeBack(field: HTMLTextAreaElement, html: string) {
  field.value = html;
}
