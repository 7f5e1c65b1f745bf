/**
 * The rich-text editor (TipTap): loaded lazily, on authoring pages only,
 * after the page has hydrated. It edits the HTML of the form's content
 * textarea and writes every change back into it, so the form posts the same
 * field with or without the editor.
 */
import { Image } from "@tiptap/extension-image";
import { TextAlign } from "@tiptap/extension-text-align";
import { Color, TextStyle } from "@tiptap/extension-text-style";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { useRef, useState, type ReactNode } from "react";
import { usePrompt } from "~/components/ui/prompt-dialog";
import { uploadImage } from "./use-authoring-client";

/** Six text colours, each readable on white (WCAG AA). */
export const TEXT_COLOURS = [
  { name: "Black", value: "#0f172a" },
  { name: "Red", value: "#b91c1c" },
  { name: "Orange", value: "#c2410c" },
  { name: "Green", value: "#15803d" },
  { name: "Blue", value: "#1d4ed8" },
  { name: "Purple", value: "#7e22ce" },
] as const;

const HEADINGS = [1, 2, 3, 4, 5, 6] as const;

export default function RichEditor({
  textarea,
  onChange,
}: {
  textarea: HTMLTextAreaElement;
  onChange?: () => void;
}) {
  const [message, setMessage] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const { prompt, dialog } = usePrompt();
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      }),
      TextStyle,
      Color,
      TextAlign.configure({ types: ["heading", "paragraph"] }),
      Image,
    ],
    content: textarea.value,
    editorProps: {
      attributes: {
        class: "prose max-w-none min-h-64 px-3 py-2 focus:outline-none",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Content",
      },
    },
    onUpdate: ({ editor: e }) => {
      writeBack(textarea, e.isEmpty ? "" : e.getHTML());
      onChange?.();
    },
  });

  if (!editor) return null;

  const addLink = async () => {
    const previous = editor.getAttributes("link").href as string | undefined;
    const answer = await prompt("Link", [
      { name: "url", label: "Link URL", type: "url", defaultValue: previous ?? "https://" },
    ]);
    if (answer === null) return;
    const url = answer.url!.trim();
    if (url === "") editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
  };
  const addImageByUrl = async () => {
    const answer = await prompt("Image", [
      { name: "url", label: "Image URL", type: "url", defaultValue: "https://" },
      { name: "alt", label: "Describe the image (alt text)" },
    ]);
    const url = answer?.url?.trim();
    if (url && /^(https?:\/\/|\/)/i.test(url)) {
      editor
        .chain()
        .focus()
        .setImage({ src: url, alt: answer!.alt ?? "" })
        .run();
    }
  };

  return (
    <div className="mt-1 rounded-md border border-slate-400" data-testid="rich-editor">
      <Toolbar editor={editor}>
        <select
          aria-label="Text style"
          className="rounded border border-slate-300 px-1 py-1 text-sm"
          value={HEADINGS.find((l) => editor.isActive("heading", { level: l })) ?? 0}
          onChange={(e) => {
            const level = Number(e.target.value);
            if (level === 0) editor.chain().focus().setParagraph().run();
            else
              editor
                .chain()
                .focus()
                .toggleHeading({ level: level as (typeof HEADINGS)[number] })
                .run();
          }}
        >
          <option value={0}>Paragraph</option>
          {HEADINGS.map((l) => (
            <option key={l} value={l}>
              Heading {l}
            </option>
          ))}
        </select>
        <Tool editor={editor} label="Bold" mark="bold" run={(c) => c.toggleBold()}>
          <b>B</b>
        </Tool>
        <Tool editor={editor} label="Italic" mark="italic" run={(c) => c.toggleItalic()}>
          <i>I</i>
        </Tool>
        <Tool editor={editor} label="Underline" mark="underline" run={(c) => c.toggleUnderline()}>
          <u>U</u>
        </Tool>
        <Tool editor={editor} label="Strikethrough" mark="strike" run={(c) => c.toggleStrike()}>
          <s>S</s>
        </Tool>
        {(["left", "center", "right", "justify"] as const).map((align) => (
          <Tool
            key={align}
            editor={editor}
            label={`Align ${align}`}
            active={{ textAlign: align }}
            run={(c) => c.setTextAlign(align)}
          >
            {align === "left" ? "⇤" : align === "center" ? "↔" : align === "right" ? "⇥" : "≡"}
          </Tool>
        ))}
        <Tool
          editor={editor}
          label="Bullet list"
          mark="bulletList"
          run={(c) => c.toggleBulletList()}
        >
          •
        </Tool>
        <Tool
          editor={editor}
          label="Numbered list"
          mark="orderedList"
          run={(c) => c.toggleOrderedList()}
        >
          <svg viewBox="0 0 16 16" width="14" height="14" fill="currentColor">
            <path d="M2 2h1v4H2V3H1V2zm-1 7h3v1L2 12h2v1H1v-1l2-2H1zM6 3h9v1.5H6zm0 4.5h9V9H6zm0 4.5h9v1.5H6z" />
          </svg>
        </Tool>
        <Tool editor={editor} label="Quote" mark="blockquote" run={(c) => c.toggleBlockquote()}>
          ❝
        </Tool>
        <Tool editor={editor} label="Code block" mark="codeBlock" run={(c) => c.toggleCodeBlock()}>
          {"</>"}
        </Tool>
        <button
          type="button"
          className={toolClass(editor.isActive("link"))}
          aria-label="Link"
          aria-pressed={editor.isActive("link")}
          onClick={() => void addLink()}
        >
          🔗
        </button>
        <button
          type="button"
          className={toolClass(false)}
          aria-label="Image by URL"
          onClick={() => void addImageByUrl()}
        >
          🖼
        </button>
        <button
          type="button"
          className={toolClass(false)}
          aria-label="Upload image"
          onClick={() => fileRef.current?.click()}
        >
          ⤒
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = "";
            if (!file) return;
            setMessage("Uploading…");
            try {
              const src = await uploadImage(file);
              editor.chain().focus().setImage({ src, alt: "" }).run();
              setMessage("Image uploaded.");
            } catch (error) {
              setMessage(error instanceof Error ? error.message : "Failed to upload image");
            }
          }}
        />
        {TEXT_COLOURS.map((colour) => (
          <button
            key={colour.value}
            type="button"
            aria-label={`Text colour ${colour.name}`}
            aria-pressed={editor.isActive("textStyle", { color: colour.value })}
            className="h-6 w-6 rounded-full border border-slate-400"
            style={{ backgroundColor: colour.value }}
            onClick={() => editor.chain().focus().setColor(colour.value).run()}
          />
        ))}
        <Tool editor={editor} label="Undo" run={(c) => c.undo()}>
          ↶
        </Tool>
        <Tool editor={editor} label="Redo" run={(c) => c.redo()}>
          ↷
        </Tool>
      </Toolbar>
      <EditorContent editor={editor} />
      <p role="status" className="px-3 pb-1 text-sm text-slate-700">
        {message}
      </p>
      {dialog}
    </div>
  );
}

/** The form's field follows the editor. */
function writeBack(field: HTMLTextAreaElement, html: string) {
  field.value = html;
}

const toolClass = (active: boolean) =>
  `min-w-8 rounded px-2 py-1 text-sm ${active ? "bg-slate-800 text-white" : "bg-white text-slate-900 hover:bg-slate-100"}`;

function Toolbar({ children }: { editor: Editor; children: ReactNode }) {
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-1 border-b border-slate-300 bg-slate-50 p-1"
    >
      {children}
    </div>
  );
}

type Chain = ReturnType<Editor["chain"]>;

function Tool({
  editor,
  label,
  mark,
  active,
  run,
  children,
}: {
  editor: Editor;
  label: string;
  mark?: string;
  active?: Record<string, string>;
  run: (chain: Chain) => Chain;
  children: ReactNode;
}) {
  const isActive = useEditorState({
    editor,
    selector: ({ editor: e }) => (mark ? e.isActive(mark) : active ? e.isActive(active) : false),
  });
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={mark || active ? isActive : undefined}
      className={toolClass(isActive)}
      onClick={() => run(editor.chain().focus()).run()}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
