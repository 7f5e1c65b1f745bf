/**
 * The writing page's small rules (docs/milestones.md#issue-18-the-writing-studio), shared by its components and
 * tested alone: words and reading time of the body as typed, the status
 * line, the slug that follows the title until the author edits it, and
 * which word the publish button says.
 */
import { readingTimeMinutes, slugify } from "../post-rules";

/** The text of an HTML body, for counting: tags out, entities and spaces simplified. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|\/pre|hr)[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, "x");
}

export function countWords(html: string): number {
  return plainText(html).split(/\s+/).filter(Boolean).length;
}

const numbers = new Intl.NumberFormat("en-GB");

/** "1,204 words · 7 min read" (docs/product/authoring.md#post-form: words / 200 rounded up; external links 5). */
export function wordsAndMinutes(html: string, postType: string): string {
  const words = countWords(html);
  const minutes = readingTimeMinutes(
    plainText(html),
    postType === "external_link" ? "external_link" : "blog",
  );
  return `${numbers.format(words)} ${words === 1 ? "word" : "words"} · ${minutes} min read`;
}

/** "14:02" in the viewer's clock. */
export function clockTime(at: Date | string): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

export type SaveState =
  | { kind: "saving" }
  | { kind: "dirty" }
  | { kind: "error"; message: string }
  | { kind: "saved"; at: string | null };

/** The bar's status line: "Saved 14:02 · 1,204 words · 7 min read", "Saving…", "Unsaved changes", or the error. */
export function statusLine(state: SaveState, counts: string): string {
  switch (state.kind) {
    case "saving":
      return "Saving…";
    case "dirty":
      return "Unsaved changes";
    case "error":
      return state.message;
    case "saved":
      return state.at ? `Saved ${clockTime(state.at)} · ${counts}` : counts;
  }
}

/**
 * The slug field follows the title while the author has not typed in it
 * (docs/product/authoring.md#post-form: an empty slug is derived from the title); once edited, it is
 * theirs.
 */
export function followTitle(title: string, slug: string, edited: boolean): string {
  return edited ? slug : slugify(title);
}

/** The publish button's word: Schedule for a time ahead, Update for a published post, else Publish. */
export function publishLabel(
  status: string | undefined,
  publishAtUtc: Date | null,
  now: Date = new Date(),
): "Publish" | "Schedule" | "Update" {
  if (publishAtUtc && publishAtUtc > now) return "Schedule";
  if (status === "published") return "Update";
  return "Publish";
}
