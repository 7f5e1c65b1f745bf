/** A WordPress export (WXR) as an import bundle: its posts, categories, tags and old addresses. */
import { XMLParser } from "fast-xml-parser";
import { htmlToText } from "~/features/posts/sanitize.server";
import {
  asArray,
  date,
  ImportFormatError,
  importSlug,
  scalarText,
  text,
  type ImportBundle,
  type SourcePost,
  type SourceSkip,
} from "./source-bundle.server";

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

type Element = Record<string, unknown>;
type Category = { slug: string; name: string; description: string | null };
type Tag = { slug: string; name: string };

/** What the channel declares before its items: authors' e-mails, categories, tags, attachments. */
type Channel = {
  authors: Map<string, { email: string | undefined }>;
  categories: Map<string, Category>;
  tags: Map<string, Tag>;
  /** An attachment's id → its URL (a post's featured image is an attachment's id). */
  attachments: Map<string, string>;
};

export function readWordPress(raw: string): ImportBundle {
  let doc: Element;
  try {
    doc = parser.parse(raw) as Element;
  } catch (error) {
    throw new ImportFormatError(`The WXR file is not well-formed XML: ${(error as Error).message}`);
  }
  const channel = (doc.rss as { channel?: Element } | undefined)?.channel;
  if (!channel) throw new ImportFormatError("Not a WordPress export: no <rss><channel>.");
  const items = asArray(channel.item as Element[]);
  const declared = channelTerms(channel, items);
  const skipped: SourceSkip[] = [];
  const posts: SourcePost[] = [];
  for (const item of items) {
    const read = wordPressPost(item, declared);
    if (!read) continue;
    if ("reason" in read) skipped.push(read);
    else posts.push(read);
  }
  return {
    format: "wordpress",
    categories: [...declared.categories.values()],
    tags: [...declared.tags.values()],
    posts,
    redirects: [],
    skipped,
  };
}

function channelTerms(channel: Element, items: Element[]): Channel {
  const authors = new Map(
    asArray(channel["wp:author"] as Element[]).map((a) => [
      text(a["wp:author_login"]).trim(),
      { email: text(a["wp:author_email"]).trim() || undefined },
    ]),
  );
  const categories = new Map<string, Category>();
  for (const c of asArray(channel["wp:category"] as Element[])) {
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
  const tags = new Map<string, Tag>();
  for (const t of asArray(channel["wp:tag"] as Element[])) {
    const name = text(t["wp:tag_name"]).trim();
    tags.set(importSlug(text(t["wp:tag_slug"]), name), {
      slug: importSlug(text(t["wp:tag_slug"]), name),
      name,
    });
  }
  const attachments = new Map<string, string>();
  for (const item of items) {
    if (text(item["wp:post_type"]) === "attachment") {
      attachments.set(text(item["wp:post_id"]).trim(), text(item["wp:attachment_url"]).trim());
    }
  }
  return { authors, categories, tags, attachments };
}

/**
 * One item: a post, a skip with its reason, or null for WordPress's own
 * kinds (attachments, menu items, revisions). A category or tag the item
 * names and the channel did not declare is added to `channel`.
 */
function wordPressPost(item: Element, channel: Channel): SourcePost | SourceSkip | null {
  const type = text(item["wp:post_type"]).trim();
  const id = text(item["wp:post_id"]).trim();
  const oldSlug = text(item["wp:post_name"]).trim();
  // WordPress keeps titles with character references (&amp;): the site keeps plain text.
  const title = htmlToText(text(item.title));
  const label = `post ${oldSlug || id}`;
  if (type === "attachment" || type === "nav_menu_item" || type === "revision") return null;
  if (type !== "post") {
    return { item: `${type} ${oldSlug || id}`, reason: `a WordPress ${type}, not a post` };
  }
  const wpStatus = text(item["wp:status"]).trim();
  const status = (
    { publish: "published", future: "published", draft: "draft", pending: "pending" } as const
  )[wpStatus as "publish"];
  if (!status) return { item: label, reason: `WordPress status "${wpStatus}" is not imported` };
  const published = date(item["wp:post_date_gmt"]) ?? date(item.pubDate);
  const ofDomain = itemTerms(item, channel);
  const thumbnailId = asArray(item["wp:postmeta"] as Element[]).find(
    (m) => text(m["wp:meta_key"]).trim() === "_thumbnail_id",
  )?.["wp:meta_value"];
  const login = text(item["dc:creator"]).trim();
  const html = text(item["content:encoded"]);
  return {
    sourceId: id,
    slug: importSlug(oldSlug, title),
    title,
    html: withParagraphs(html),
    excerpt: text(item["excerpt:encoded"]).trim() || null,
    status,
    publishedAt: published,
    createdAt: date(item["wp:post_date_gmt"]),
    featuredImageUrl: thumbnailId
      ? (channel.attachments.get(text(thumbnailId).trim()) ?? null)
      : null,
    category: ofDomain("category")[0] ?? null,
    tags: ofDomain("post_tag"),
    author: {
      username: login.toLowerCase(),
      email: channel.authors.get(login)?.email,
      label: login,
    },
    oldPaths: status === "published" ? oldPathsOf(item, published, oldSlug) : [],
  };
}

/**
 * The item's categories and tags: adds those the channel did not declare,
 * and answers the item's slugs of one domain ("category" or "post_tag").
 */
function itemTerms(item: Element, channel: Channel) {
  const cats = asArray(item.category as Element[]);
  for (const c of cats) {
    const slug = importSlug(scalarText(c["@_nicename"]), text(c));
    if (c["@_domain"] === "category" && slug && !channel.categories.has(slug)) {
      channel.categories.set(slug, { slug, name: text(c).trim(), description: null });
    }
    if (c["@_domain"] === "post_tag" && slug && !channel.tags.has(slug)) {
      channel.tags.set(slug, { slug, name: text(c).trim() });
    }
  }
  return (domain: string) =>
    cats
      .filter((c) => c["@_domain"] === domain)
      .map((c) => importSlug(scalarText(c["@_nicename"]), text(c)))
      .filter(Boolean);
}

/** A published post's addresses on the old site: its link, and the default dated permalink. */
function oldPathsOf(item: Element, published: Date | null, oldSlug: string): string[] {
  const oldPaths: string[] = [];
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
  return oldPaths;
}
