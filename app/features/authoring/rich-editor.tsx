/**
 * The rich-text editor (TipTap): loaded lazily, on authoring pages only,
 * after the page has hydrated. It edits the HTML of the form's content
 * textarea and writes every change back into it, so the form posts the same
 * field with or without the editor.
 *
 * What the author sees is what readers get (docs/milestones.md#issue-18-the-writing-studio): the text is drawn
 * with the published article's own stylesheet (`.post-body`, app/app.css).
 * Links, images and embeds are asked for in the kit's dialogs, an image's
 * alt text in a field on the selected image;
 * images also arrive by upload, paste and drag-and-drop, each with a
 * progress bar, through the site's upload pipeline (re-encoded, variants).
 */
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import type { SuggestionProps } from "@tiptap/suggestion";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { usePrompt } from "~/components/ui/prompt-dialog";
import { Toast, useClearAfter } from "~/components/ui/toast";
import { IMAGE_TYPES } from "~/lib/image-upload";
import { EditorToolbar, SelectionToolbar, type EditorActions } from "./editor/editor-toolbar";
import { embedAttributes } from "./editor/embed-node";
import type { SlashItem } from "./editor/slash-command";
import { SlashMenu } from "./editor/slash-menu";
import { editorExtensions, pasteAndDrop, type Bridge } from "./editor/editor-extensions";
import { uploadImage } from "./upload-image";
import { IMAGE_TOAST_MS, STUDIO_TOASTS } from "./studio/studio-messages";

export { TEXT_COLOURS } from "./editor/editor-toolbar";

/** Said when a link is not one of the players we embed. */
export const EMBED_REFUSED =
  "That link can't be embedded: use a YouTube, Vimeo, Spotify or SoundCloud address.";

type Upload = { id: number; name: string; part: number };

export default function RichEditor({
  textarea,
  onChange,
}: {
  textarea: HTMLTextAreaElement;
  onChange?: () => void;
}) {
  const [slash, setSlash] = useState<SuggestionProps<SlashItem, SlashItem> | null>(null);
  const [slashIndex, setSlashIndex] = useState(0);
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
    // The extensions read the bridge when a key is pressed, never while rendering.
    // eslint-disable-next-line react-hooks/refs
    extensions: editorExtensions(bridge, setSlash, setSlashIndex),
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
      // eslint-disable-next-line react-hooks/refs
      ...pasteAndDrop(bridge),
    },
    onUpdate: ({ editor: e }) => {
      writeBack(textarea, e.isEmpty ? "" : e.getHTML());
      onChange?.();
    },
  });

  const { uploads, message, setMessage, toast, insertFiles } = useImageUploads(editor);

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
      <UploadList uploads={uploads} />
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

/**
 * Images uploaded into the editor: each file with a progress bar, then put
 * where it was pasted or dropped; the status line and the success toast.
 */
function useImageUploads(editor: Editor | null) {
  const [message, setMessage] = useState("");
  // The upload's success toast (docs/decisions/0147), cleared after 3 s (docs/product/authoring.md#uploads).
  const [done, setDone] = useState<{ text: string } | null>(null);
  const toast = useClearAfter(done, IMAGE_TOAST_MS);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextUpload = useRef(1);

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
  return { uploads, message, setMessage, toast, insertFiles };
}

/** The images being uploaded, each with its progress bar. */
function UploadList({ uploads }: { uploads: Upload[] }) {
  return uploads.length ? (
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
  ) : null;
}

/** The form's field follows the editor. */
function writeBack(field: HTMLTextAreaElement, html: string) {
  field.value = html;
}
