/**
 * The neutral bundle every import reader makes (sources.server.ts) and the
 * importer writes (import.server.ts, docs/decisions/0119), and the small
 * readers of raw values the formats share.
 */
import { slugify } from "~/features/authoring/post-rules";

export type SourceFormat = "founderbridge" | "ghost" | "wordpress";

export type SourceAuthor = { username?: string; email?: string; label: string };

export type SourcePost = {
  /** The id in the source (its slug for our own format), for the report. */
  sourceId: string;
  slug: string;
  title: string;
  /** Null when the source has no HTML for it (the post is skipped). */
  html: string | null;
  excerpt: string | null;
  status: "draft" | "pending" | "published";
  publishedAt: Date | null;
  createdAt: Date | null;
  featuredImageUrl: string | null;
  category: string | null;
  tags: string[];
  author: SourceAuthor;
  /** Paths on the old site that should lead to the imported post. */
  oldPaths: string[];
};

export type SourceSkip = { item: string; reason: string };

export type ImportBundle = {
  format: SourceFormat;
  categories: { slug: string; name: string; description: string | null }[];
  tags: { slug: string; name: string }[];
  posts: SourcePost[];
  redirects: { from: string; to: string; statusCode: number }[];
  /** Items the reader already left out (pages, attachments' kin, unknown statuses). */
  skipped: SourceSkip[];
};

export class ImportFormatError extends Error {}

export const asArray = <T>(value: T | T[] | undefined | null): T[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** A string, number or boolean as text; anything else (absent, an object) as `fallback`. */
export const scalarText = (value: unknown, fallback = ""): string =>
  typeof value === "string"
    ? value
    : typeof value === "number" || typeof value === "boolean" || typeof value === "bigint"
      ? String(value)
      : fallback;

/** An XML node's text (`#text` beside its attributes) or a plain value's. */
export const text = (value: unknown): string =>
  scalarText(
    typeof value === "object" && value !== null && "#text" in value ? value["#text"] : value,
  );

export const date = (value: unknown): Date | null => {
  const raw = text(value).trim();
  if (!raw || raw.startsWith("0000-00-00")) return null;
  const parsed = new Date(
    /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(raw) ? `${raw.replace(" ", "T")}Z` : raw,
  );
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

/** A slug the site accepts (lower-case letters, digits, single hyphens), from an old slug or title. */
export function importSlug(raw: string, title: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // keep the raw text
  }
  return slugify(decoded) || slugify(title);
}
