/** A Ghost export (its JSON, `db[0].data`) as an import bundle. */
import {
  asArray,
  date,
  importSlug,
  scalarText,
  type ImportBundle,
  type SourcePost,
  type SourceSkip,
} from "./source-bundle.server";

type GhostData = {
  posts?: Record<string, unknown>[];
  tags?: { id: string; name: string; slug: string; description?: string | null }[];
  users?: { id: string; name?: string; slug?: string; email?: string }[];
  posts_tags?: { post_id: string; tag_id: string; sort_order?: number }[];
  posts_authors?: { post_id: string; author_id: string; sort_order?: number }[];
};

export function ghostData(object: Record<string, unknown>): GhostData | null {
  const db = (object.db as { data?: GhostData }[] | undefined)?.[0];
  return db?.data && Array.isArray(db.data.posts) ? db.data : null;
}

export function readGhost(data: GhostData, sourceUrl?: string): ImportBundle {
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
    const oldSlug = scalarText(p.slug);
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
    const title = scalarText(p.title);
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
