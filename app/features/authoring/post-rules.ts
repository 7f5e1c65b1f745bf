/**
 * Post form rules shared by the browser and the server (docs/product/authoring.md#post-form).
 * The server is the authority; the browser uses these for hints only.
 */

/** Lower case, runs of non-alphanumerics to one hyphen, hyphens trimmed. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Tag names: trimmed, lower-cased, inner spaces collapsed, de-duplicated (by slug), empties dropped. */
export function normaliseTags(input: string | readonly string[]): { name: string; slug: string }[] {
  const parts = typeof input === "string" ? input.split(",") : input;
  const seen = new Set<string>();
  const out: { name: string; slug: string }[] = [];
  for (const raw of parts) {
    const name = raw.trim().toLowerCase().replace(/\s+/g, " ");
    if (!name) continue;
    const slug = tagSlug(name);
    if (seen.has(slug)) continue;
    seen.add(slug);
    out.push({ name, slug });
  }
  return out;
}

/** docs/milestones.md#issue-13-security: a tag is an index key (its slug), so its length and the count are capped. */
export const TAG_LIMITS = { maxLength: 50, maxCount: 20 } as const;
export const TAG_MESSAGES = {
  tooLong: `Each tag must be at most ${TAG_LIMITS.maxLength} characters`,
  tooMany: `At most ${TAG_LIMITS.maxCount} tags`,
} as const;

/** Spaces in a tag become hyphens in its slug. */
export function tagSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

export const WORDS_PER_MINUTE = 200;
export const EXTERNAL_LINK_READING_MINUTES = 5;

/** Words / 200 rounded up (at least 1); external links 5. */
export function readingTimeMinutes(text: string, postType: "blog" | "external_link"): number {
  if (postType === "external_link") return EXTERNAL_LINK_READING_MINUTES;
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

export const AUTOSAVE_DELAY_MS = 60_000;

/** docs/product/authoring.md, post save. */
export const SAVE_MESSAGES = {
  authorId:
    "Permission error: Cannot create post. Please ensure you are logged in as a mentor or admin.",
  role: "Permission denied: Only mentors and admins can create posts.",
  policy: "Permission denied: You do not have the required permissions to create posts.",
  fallback: "Failed to save post. Please try again.",
} as const;

/** docs/product/authoring.md#who-writes, edit page. */
export const EDIT_MESSAGES = {
  notFound: "Post not found",
  forbidden: "You do not have permission to edit this post",
  unexpected: "An unexpected error occurred. Please try again.",
  loading: (message: string) => `Error loading post: ${message}`,
} as const;

export const DELETE_CONFIRMATION =
  "Are you sure you want to delete this post? This action cannot be undone.";
export const AUTHOR_CHANGE_CONFIRMATION = "Change the author of this post?";

/** Maps a save failure's message to the alert text (docs/product/authoring.md). */
export function saveErrorMessage(message: string | null | undefined): string {
  if (!message) return SAVE_MESSAGES.fallback;
  if (/author_id/i.test(message)) return SAVE_MESSAGES.authorId;
  if (/\brole\b/i.test(message)) return SAVE_MESSAGES.role;
  if (/policy/i.test(message)) return SAVE_MESSAGES.policy;
  return `Error: ${message}`;
}

/** "Saved at 14:05" in the viewer's clock. */
export function savedAtLabel(at: Date | string): string {
  const d = new Date(at);
  const hh = String(d.getHours()).padStart(2, "0");
  const mm = String(d.getMinutes()).padStart(2, "0");
  return `Saved at ${hh}:${mm}`;
}
