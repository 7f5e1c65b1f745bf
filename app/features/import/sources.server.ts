/**
 * The import's readers (docs/decisions/0119): our own export (content.json), a
 * Ghost export (its JSON, `db[0].data`) and a WordPress export (WXR), each
 * turned into one neutral bundle the importer writes (import.server.ts).
 * Nothing here touches the database.
 */
import { XMLParser } from "fast-xml-parser";
import { slugify } from "~/features/authoring/post-rules";
import { htmlToText } from "~/features/posts/sanitize.server";

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

const asArray = <T>(value: T | T[] | undefined | null): T[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

const text = (value: unknown): string => {
  if (value === undefined || value === null) return "";
  if (typeof value === "object" && "#text" in (value as Record<string, unknown>)) {
    return String((value as Record<string, unknown>)["#text"]);
  }
  return String(value);
};

const date = (value: unknown): Date | null => {
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

/** Text without paragraphs (WordPress's classic editor) gets them, as wpautop would. */
export function withParagraphs(html: string): string {
  if (/<(p|div|h[1-6]|ul|ol|blockquote|figure|pre|table)\b/i.test(html)) return html;
  return html
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${part.replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

/** Reads a file's text into a bundle, recognising the format by its content. */
export function readSource(raw: string, options: { sourceUrl?: string } = {}): ImportBundle {
  const trimmed = raw.trimStart();
  if (trimmed.startsWith("<")) return readWordPress(raw);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ImportFormatError(
      "Not an export this importer reads: expected our content.json, a Ghost JSON export or a WordPress WXR file.",
    );
  }
  const object = json as Record<string, unknown>;
  if (object.format === "founderbridge-content") return readOurs(object);
  const ghost = ghostData(object);
  if (ghost) return readGhost(ghost, options.sourceUrl);
  throw new ImportFormatError(
    "Not an export this importer reads: a JSON file must be our content.json or a Ghost export (db[0].data).",
  );
}

// ----------------------------------------------------------------- our format

type OurPost = {
  slug: string;
  title: string;
  status: string;
  html: string | null;
  excerpt: string | null;
  featuredImageUrl: string | null;
  category: string | null;
  tags: string[];
  author: string | null;
  publishedAt: string | null;
  createdAt: string | null;
};

function readOurs(content: Record<string, unknown>): ImportBundle {
  if (content.version !== 1) {
    throw new ImportFormatError(
      `content.json version ${String(content.version)} is not supported (1 is).`,
    );
  }
  const skipped: SourceSkip[] = [];
  const posts: SourcePost[] = [];
  for (const p of asArray(content.posts as OurPost[])) {
    if (!["draft", "pending", "published"].includes(p.status)) {
      skipped.push({ item: `post ${p.slug}`, reason: `unknown status "${p.status}"` });
      continue;
    }
    posts.push({
      sourceId: p.slug,
      // A hand-edited file may carry slugs the site refuses: made valid, as for the other formats.
      slug: importSlug(p.slug ?? "", p.title ?? ""),
      title: p.title,
      html: p.html ?? "",
      excerpt: p.excerpt,
      status: p.status as SourcePost["status"],
      publishedAt: date(p.publishedAt),
      createdAt: date(p.createdAt),
      featuredImageUrl: p.featuredImageUrl,
      category: p.category ? importSlug(p.category, "") : null,
      tags: p.tags ?? [],
      author: p.author ? { username: p.author, label: p.author } : { label: "(none)" },
      oldPaths: [],
    });
  }
  return {
    format: "founderbridge",
    categories: asArray(
      content.categories as { slug: string; name: string; description: string | null }[],
    )
      .map((c) => ({
        slug: importSlug(c.slug ?? "", c.name ?? ""),
        name: c.name,
        description: c.description ?? null,
      }))
      .filter((c) => c.slug),
    tags: asArray(content.tags as { slug: string; name: string }[]),
    posts,
    redirects: asArray(content.redirects as { from: string; to: string; statusCode: number }[]),
    skipped,
  };
}

// ---------------------------------------------------------------------- Ghost

type GhostData = {
  posts?: Record<string, unknown>[];
  tags?: { id: string; name: string; slug: string; description?: string | null }[];
  users?: { id: string; name?: string; slug?: string; email?: string }[];
  posts_tags?: { post_id: string; tag_id: string; sort_order?: number }[];
  posts_authors?: { post_id: string; author_id: string; sort_order?: number }[];
};

function ghostData(object: Record<string, unknown>): GhostData | null {
  const db = (object.db as { data?: GhostData }[] | undefined)?.[0];
  return db?.data && Array.isArray(db.data.posts) ? db.data : null;
}

function readGhost(data: GhostData, sourceUrl?: string): ImportBundle {
  const base = (sourceUrl ?? "").replace(/\/+$/, "");
  const resolve = (value: string | null | undefined) =>
    value ? value.replaceAll("__GHOST_URL__", base) : null;
  // Ghost's internal tags (#name) are for themes, not readers.
  const tagsById = new Map(
    asArray(data.tags)
      .filter((t) => !t.name.startsWith("#"))
      .map((t) => [t.id, t]),
  );
  const usersById = new Map(asArray(data.users).map((u) => [u.id, u]));
  const tagLinks = [...asArray(data.posts_tags)].sort(
    (a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0),
  );
  const authorLinks = [...asArray(data.posts_authors)].sort(
    (a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0),
  );
  const skipped: SourceSkip[] = [];
  const posts: SourcePost[] = [];
  for (const p of asArray(data.posts)) {
    const id = String(p.id);
    const oldSlug = String(p.slug ?? "");
    const item = `post ${oldSlug || id}`;
    if ((p.type ?? "post") !== "post") {
      skipped.push({ item, reason: `a Ghost ${String(p.type)}, not a post` });
      continue;
    }
    const ghostStatus = String(p.status);
    const status =
      ghostStatus === "published" || ghostStatus === "scheduled"
        ? "published"
        : ghostStatus === "draft"
          ? "draft"
          : null;
    if (!status) {
      skipped.push({ item, reason: `Ghost status "${ghostStatus}" has no equivalent` });
      continue;
    }
    const authorId =
      authorLinks.find((l) => l.post_id === id)?.author_id ?? (p.author_id as string | undefined);
    const user = authorId ? usersById.get(authorId) : undefined;
    const html = typeof p.html === "string" && p.html.trim() ? resolve(p.html) : null;
    const title = String(p.title ?? "");
    const slug = importSlug(oldSlug, title);
    posts.push({
      sourceId: id,
      slug,
      title,
      html,
      excerpt: (p.custom_excerpt as string | null) ?? null,
      status,
      publishedAt: date(p.published_at),
      createdAt: date(p.created_at),
      featuredImageUrl: resolve(p.feature_image as string | null),
      category: null,
      tags: tagLinks
        .filter((l) => l.post_id === id)
        .map((l) => tagsById.get(l.tag_id)?.slug)
        .filter((s): s is string => Boolean(s)),
      author: {
        email: user?.email,
        username: user?.slug?.replace(/-/g, "_"),
        label: user?.email ?? user?.slug ?? authorId ?? "(none)",
      },
      oldPaths: status === "published" && oldSlug ? [`/${oldSlug}/`] : [],
    });
  }
  return {
    format: "ghost",
    categories: [],
    tags: [...tagsById.values()].map((t) => ({ slug: t.slug, name: t.name })),
    posts,
    redirects: [],
    skipped,
  };
}

// ------------------------------------------------------------------ WordPress

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  isArray: (name) =>
    ["item", "category", "wp:postmeta", "wp:author", "wp:category", "wp:tag"].includes(name),
});

function readWordPress(raw: string): ImportBundle {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(raw) as Record<string, unknown>;
  } catch (error) {
    throw new ImportFormatError(`The WXR file is not well-formed XML: ${(error as Error).message}`);
  }
  const channel = (doc.rss as { channel?: Record<string, unknown> } | undefined)?.channel;
  if (!channel) throw new ImportFormatError("Not a WordPress export: no <rss><channel>.");
  const authors = new Map(
    asArray(channel["wp:author"] as Record<string, unknown>[]).map((a) => [
      text(a["wp:author_login"]).trim(),
      { email: text(a["wp:author_email"]).trim() || undefined },
    ]),
  );
  const categories = new Map<string, { slug: string; name: string; description: string | null }>();
  for (const c of asArray(channel["wp:category"] as Record<string, unknown>[])) {
    const name = text(c["wp:cat_name"]).trim();
    const slug = importSlug(text(c["wp:category_nicename"]), name);
    if (slug) {
      categories.set(slug, {
        slug,
        name,
        description: text(c["wp:category_description"]).trim() || null,
      });
    }
  }
  const tags = new Map<string, { slug: string; name: string }>();
  for (const t of asArray(channel["wp:tag"] as Record<string, unknown>[])) {
    const name = text(t["wp:tag_name"]).trim();
    tags.set(importSlug(text(t["wp:tag_slug"]), name), {
      slug: importSlug(text(t["wp:tag_slug"]), name),
      name,
    });
  }
  const items = asArray(channel.item as Record<string, unknown>[]);
  const attachments = new Map<string, string>();
  for (const item of items) {
    if (text(item["wp:post_type"]) === "attachment") {
      attachments.set(text(item["wp:post_id"]).trim(), text(item["wp:attachment_url"]).trim());
    }
  }
  const skipped: SourceSkip[] = [];
  const posts: SourcePost[] = [];
  for (const item of items) {
    const type = text(item["wp:post_type"]).trim();
    const id = text(item["wp:post_id"]).trim();
    const oldSlug = text(item["wp:post_name"]).trim();
    // WordPress keeps titles with character references (&amp;): the site keeps plain text.
    const title = htmlToText(text(item.title));
    const label = `post ${oldSlug || id}`;
    if (type === "attachment" || type === "nav_menu_item" || type === "revision") continue;
    if (type !== "post") {
      skipped.push({ item: `${type} ${oldSlug || id}`, reason: `a WordPress ${type}, not a post` });
      continue;
    }
    const wpStatus = text(item["wp:status"]).trim();
    const status = (
      { publish: "published", future: "published", draft: "draft", pending: "pending" } as const
    )[wpStatus as "publish"];
    if (!status) {
      skipped.push({ item: label, reason: `WordPress status "${wpStatus}" is not imported` });
      continue;
    }
    const published = date(item["wp:post_date_gmt"]) ?? date(item.pubDate);
    const cats = asArray(item.category as Record<string, unknown>[]);
    const ofDomain = (domain: string) =>
      cats
        .filter((c) => c["@_domain"] === domain)
        .map((c) => importSlug(String(c["@_nicename"] ?? ""), text(c)))
        .filter(Boolean);
    for (const c of cats) {
      const slug = importSlug(String(c["@_nicename"] ?? ""), text(c));
      if (c["@_domain"] === "category" && slug && !categories.has(slug)) {
        categories.set(slug, { slug, name: text(c).trim(), description: null });
      }
      if (c["@_domain"] === "post_tag" && slug && !tags.has(slug)) {
        tags.set(slug, { slug, name: text(c).trim() });
      }
    }
    const thumbnailId = asArray(item["wp:postmeta"] as Record<string, unknown>[]).find(
      (m) => text(m["wp:meta_key"]).trim() === "_thumbnail_id",
    )?.["wp:meta_value"];
    const login = text(item["dc:creator"]).trim();
    const oldPaths: string[] = [];
    if (status === "published") {
      const link = text(item.link).trim();
      try {
        const url = new URL(link);
        if (url.pathname !== "/" && !url.search) oldPaths.push(url.pathname);
      } catch {
        // no usable link: the default permalink below
      }
      if (published && oldSlug) {
        const yyyy = published.getUTCFullYear();
        const mm = String(published.getUTCMonth() + 1).padStart(2, "0");
        oldPaths.push(`/${yyyy}/${mm}/${oldSlug}/`);
      }
    }
    const html = text(item["content:encoded"]);
    posts.push({
      sourceId: id,
      slug: importSlug(oldSlug, title),
      title,
      html: withParagraphs(html),
      excerpt: text(item["excerpt:encoded"]).trim() || null,
      status,
      publishedAt: published,
      createdAt: date(item["wp:post_date_gmt"]),
      featuredImageUrl: thumbnailId ? (attachments.get(text(thumbnailId).trim()) ?? null) : null,
      category: ofDomain("category")[0] ?? null,
      tags: ofDomain("post_tag"),
      author: { username: login.toLowerCase(), email: authors.get(login)?.email, label: login },
      oldPaths,
    });
  }
  return {
    format: "wordpress",
    categories: [...categories.values()],
    tags: [...tags.values()],
    posts,
    redirects: [],
    skipped,
  };
}
