/** Our own export (content.json, format "founderbridge-content", version 1) as an import bundle. */
import {
  asArray,
  date,
  ImportFormatError,
  importSlug,
  type ImportBundle,
  type SourcePost,
  type SourceSkip,
} from "./source-bundle.server";

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

export function readOurs(content: Record<string, unknown>): ImportBundle {
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
