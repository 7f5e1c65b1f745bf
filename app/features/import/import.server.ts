/**
 * Writes an import bundle (sources.server.ts) into the site (docs/decisions/0119): categories and tags by slug, posts by slug with their HTML sanitised by
 * the site's sanitiser, authors mapped to existing profiles by e-mail or
 * username (else to a fallback author chosen by the operator), and a 301 from
 * each old URL to the post's new one through the redirects table.
 *
 * Idempotent: anything whose slug (or redirect path) already exists is
 * skipped and said so in the report, so a second run adds nothing. A dry run
 * does all the work in a transaction and rolls it back, so its report is
 * exactly what a real run would do.
 */
import { isIP } from "node:net";
import { inArray, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { categories, postTags, posts, profiles, tags, urlRedirects } from "#server/db/schema";
import { isReservedPath, normalisePath } from "#server/http/redirects";
import {
  findLoop,
  landingPath,
  REDIRECT_MESSAGES,
  SITE_SEGMENTS,
  validateRedirect,
} from "./redirect-rules";
import { isPublicAddress } from "~/features/authoring/metadata.server";
import { isSafeUrl } from "~/features/authoring/post-form.server";
import { readingTimeMinutes, TAG_LIMITS } from "~/features/authoring/post-rules";
import { htmlToText, sanitizePostHtml } from "~/features/posts/sanitize.server";
import type { ImportBundle, SourceAuthor, SourcePost, SourceSkip } from "./sources.server";

export type ImportReport = {
  format: ImportBundle["format"];
  dryRun: boolean;
  created: { posts: number; categories: number; tags: number; redirects: number };
  skipped: SourceSkip[];
  /** Source authors with no matching profile, and whom their posts went to. */
  fallbackAuthors: { source: string; mappedTo: string; posts: number }[];
};

export class UnmappedAuthorsError extends Error {
  constructor(readonly authors: string[]) {
    super(
      `No profile matches these authors by e-mail or username: ${authors.join(", ")}. ` +
        "Give a fallback author with --author USERNAME.",
    );
  }
}

class DryRunRollback extends Error {}

export { hidesSitePage, SITE_SEGMENTS } from "./redirect-rules";

/**
 * Whether an imported address (a featured image) may be stored: the editor's
 * rule (an http(s) URL or a path on this site, isSafeUrl), and no local host
 * (localhost, or a loopback, private or link-local address) unless it is the
 * site's own origin. An author sees what they type; an import brings
 * thousands of addresses nobody reads, handed out by the Content API.
 */
export function isImportableUrl(value: string, siteOrigin?: string): boolean {
  if (!isSafeUrl(value)) return false;
  if (value.startsWith("/")) return true;
  const url = new URL(value);
  if (siteOrigin && url.origin === new URL(siteOrigin).origin) return true;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return false;
  return isIP(host) === 0 || isPublicAddress(host);
}

type Profile = { id: string; username: string; email: string };

function matchAuthor(author: SourceAuthor, list: Profile[]): Profile | undefined {
  const email = author.email?.toLowerCase();
  const username = author.username?.toLowerCase();
  return (
    (email ? list.find((p) => p.email.toLowerCase() === email) : undefined) ??
    (username ? list.find((p) => p.username.toLowerCase() === username) : undefined)
  );
}

type ImportOptions = {
  dryRun?: boolean;
  fallbackAuthor?: string;
  /** The site's origin: an absolute URL on it counts as the site in the loop check. */
  siteOrigin?: string;
  /** Runs in the import's transaction once everything is written (not in a dry run): the audit. */
  beforeCommit?: (tx: Database, report: ImportReport) => Promise<void>;
};

export async function importBundle(
  db: Database,
  bundle: ImportBundle,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const report: ImportReport = {
    format: bundle.format,
    dryRun: Boolean(options.dryRun),
    created: { posts: 0, categories: 0, tags: 0, redirects: 0 },
    skipped: [...bundle.skipped],
    fallbackAuthors: [],
  };
  // Authors first: an unmapped author without a fallback stops the import before any write.
  const authors = await mapAuthors(db, bundle, options.fallbackAuthor);
  report.fallbackAuthors = authors.fallbackAuthors;

  try {
    await db.transaction(async (tx) => {
      const categoryIds = await writeCategories(tx, bundle, report);
      const tagIds = await writeTags(tx, bundle, report);
      const slugs = bundle.posts.map((p) => p.slug).filter(Boolean);
      const taken = new Set(
        slugs.length
          ? (
              await tx.select({ slug: posts.slug }).from(posts).where(inArray(posts.slug, slugs))
            ).map((p) => p.slug)
          : [],
      );
      const addRedirect = await redirectWriter(tx, report, options.siteOrigin);
      const ids = { categoryIds, tagIds, taken };
      for (const post of bundle.posts) {
        const written = await writePost(tx, post, { ...ids, authors, report, options });
        if (!written) continue;
        for (const old of post.oldPaths) await addRedirect(old, `/post/${post.slug}`, 301, true);
      }
      for (const r of bundle.redirects) await addRedirect(r.from, r.to, r.statusCode);
      if (options.dryRun) throw new DryRunRollback();
      await options.beforeCommit?.(tx, report);
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return report;
}

type Authors = {
  /** The profiles that match a source author (or the fallback) by e-mail or username. */
  candidates: Profile[];
  fallback: Profile | undefined;
  fallbackAuthors: ImportReport["fallbackAuthors"];
};

/**
 * Each source author's profile, by e-mail or username; those without one go
 * to the fallback author. Throws UnmappedAuthorsError when one has no
 * profile and no fallback was given, or the fallback does not exist.
 */
async function mapAuthors(
  db: Database,
  bundle: ImportBundle,
  fallbackAuthor: string | undefined,
): Promise<Authors> {
  const emails = [...new Set(bundle.posts.flatMap((p) => p.author.email?.toLowerCase() ?? []))];
  const usernames = [
    ...new Set([
      ...bundle.posts.flatMap((p) => p.author.username?.toLowerCase() ?? []),
      ...(fallbackAuthor ? [fallbackAuthor.toLowerCase()] : []),
    ]),
  ];
  const candidates: Profile[] =
    emails.length || usernames.length
      ? await db
          .select({ id: profiles.id, username: profiles.username, email: profiles.email })
          .from(profiles)
          .where(
            or(
              emails.length ? inArray(sql`lower(${profiles.email})`, emails) : undefined,
              usernames.length ? inArray(sql`lower(${profiles.username})`, usernames) : undefined,
            ),
          )
      : [];
  const fallback = fallbackAuthor
    ? candidates.find((p) => p.username.toLowerCase() === fallbackAuthor.toLowerCase())
    : undefined;
  if (fallbackAuthor && !fallback) {
    throw new UnmappedAuthorsError([`--author ${fallbackAuthor} (no such username)`]);
  }
  const unmapped = new Map<string, number>();
  for (const post of bundle.posts) {
    if (!matchAuthor(post.author, candidates)) {
      unmapped.set(post.author.label, (unmapped.get(post.author.label) ?? 0) + 1);
    }
  }
  if (unmapped.size > 0 && !fallback) throw new UnmappedAuthorsError([...unmapped.keys()]);
  const fallbackAuthors = [...unmapped].map(([source, count]) => ({
    source,
    mappedTo: fallback!.username,
    posts: count,
  }));
  return { candidates, fallback, fallbackAuthors };
}

/** Categories: created when their slug is new, reused otherwise. Every category's id by slug. */
async function writeCategories(tx: Database, bundle: ImportBundle, report: ImportReport) {
  const categoryIds = new Map(
    (await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [
      c.slug,
      c.id,
    ]),
  );
  for (const c of bundle.categories) {
    if (categoryIds.has(c.slug)) continue;
    const [row] = await tx
      .insert(categories)
      .values({ slug: c.slug, name: c.name || c.slug, description: c.description })
      .returning({ id: categories.id });
    categoryIds.set(c.slug, row!.id);
    report.created.categories++;
  }
  return categoryIds;
}

/** Tags, as categories; a slug longer than a tag may be is skipped. Every tag's id by slug. */
async function writeTags(tx: Database, bundle: ImportBundle, report: ImportReport) {
  const tagIds = new Map(
    (await tx.select({ id: tags.id, slug: tags.slug }).from(tags)).map((t) => [t.slug, t.id]),
  );
  for (const t of bundle.tags) {
    if (tagIds.has(t.slug)) continue;
    if (t.slug.length > TAG_LIMITS.maxLength) {
      report.skipped.push({ item: `tag ${t.slug}`, reason: "longer than 50 characters" });
      continue;
    }
    const [row] = await tx
      .insert(tags)
      .values({ slug: t.slug, name: (t.name || t.slug).toLowerCase() })
      .returning({ id: tags.id });
    tagIds.set(t.slug, row!.id);
    report.created.tags++;
  }
  return tagIds;
}

/**
 * The import's redirect writer. The redirects there already: a path taken
 * is left alone (a second run adds nothing), and each new one is checked
 * for loops against them and those added before it.
 */
async function redirectWriter(tx: Database, report: ImportReport, siteOrigin?: string) {
  const redirectRows = await tx
    .select({ from: urlRedirects.fromPath, to: urlRedirects.toPath })
    .from(urlRedirects);
  const redirectsTaken = new Set(redirectRows.map((r) => r.from));
  const redirectTargets = new Map<string, string>();
  for (const r of redirectRows) {
    const from = normalisePath(r.from);
    if (from) redirectTargets.set(from, r.to);
  }
  /**
   * A redirect through the Redirects page's own rules (redirect-rules.ts:
   * from path, target, status code, itself, loops); what they refuse is
   * skipped with their message (docs/decisions/0172). An old post's address is
   * also skipped under any of the site's first segments.
   */
  return async (from: string, to: string, statusCode = 301, oldPost = false) => {
    const item = `redirect ${from}`;
    const path = normalisePath(from);
    if (path === "/") return;
    if (oldPost && path) {
      if (landingPath(to, siteOrigin) === path) return;
      const segment = path.split("/")[1]!.toLowerCase();
      if (isReservedPath(path) || SITE_SEGMENTS.has(segment)) {
        report.skipped.push({ item, reason: "a path the site keeps for itself" });
        return;
      }
    }
    if (path && redirectsTaken.has(path)) return;
    const valid = validateRedirect({
      fromPath: from,
      toPath: to,
      statusCode: String(statusCode),
      notes: "",
    });
    if (!valid.ok) {
      report.skipped.push({ item, reason: valid.error });
      return;
    }
    const { fromPath, toPath } = valid.input;
    if (landingPath(toPath, siteOrigin) === fromPath) {
      report.skipped.push({ item, reason: REDIRECT_MESSAGES.self });
      return;
    }
    const loop = findLoop(redirectTargets, fromPath, toPath, siteOrigin);
    if (loop) {
      report.skipped.push({ item, reason: REDIRECT_MESSAGES.loop(loop) });
      return;
    }
    await tx.insert(urlRedirects).values({ fromPath, toPath, statusCode: valid.input.statusCode });
    redirectsTaken.add(fromPath);
    redirectTargets.set(fromPath, toPath);
    report.created.redirects++;
  };
}

/**
 * One post, with its tags, unless it has no slug, its slug is taken or the
 * export has no HTML for it (each skipped and said so). Whether it was written.
 */
async function writePost(
  tx: Database,
  post: SourcePost,
  {
    categoryIds,
    tagIds,
    taken,
    authors,
    report,
    options,
  }: {
    categoryIds: Map<string, string>;
    tagIds: Map<string, string>;
    taken: Set<string>;
    authors: Authors;
    report: ImportReport;
    options: ImportOptions;
  },
): Promise<boolean> {
  const item = `post ${post.slug || post.sourceId}`;
  if (!post.slug) {
    report.skipped.push({ item, reason: "no slug or title to make one from" });
    return false;
  }
  if (taken.has(post.slug)) {
    report.skipped.push({ item, reason: "a post with this slug already exists" });
    return false;
  }
  if (post.html === null) {
    report.skipped.push({
      item,
      reason: "no HTML in the export (export from Ghost with HTML included)",
    });
    return false;
  }
  const content = sanitizePostHtml(post.html);
  let featuredImageUrl = post.featuredImageUrl?.trim() || null;
  if (featuredImageUrl && !isImportableUrl(featuredImageUrl, options.siteOrigin)) {
    report.skipped.push({
      item: `featured image of post ${post.slug}`,
      reason: `not an address the editor accepts, or a local one: ${featuredImageUrl}`,
    });
    featuredImageUrl = null;
  }
  const author = matchAuthor(post.author, authors.candidates) ?? authors.fallback!;
  const categoryId = post.category ? categoryIds.get(post.category) : undefined;
  const publishedAt =
    post.status === "published" ? (post.publishedAt ?? post.createdAt ?? new Date()) : null;
  const [row] = await tx
    .insert(posts)
    .values({
      slug: post.slug,
      title: post.title || post.slug,
      content,
      excerpt: post.excerpt,
      status: post.status,
      publishedAt,
      featuredImageUrl,
      authorId: author.id,
      ...(categoryId ? { categoryId } : {}),
      ...(post.createdAt ? { createdAt: post.createdAt } : {}),
      readingTimeMinutes: readingTimeMinutes(htmlToText(content), "blog"),
    })
    .returning({ id: posts.id });
  taken.add(post.slug);
  report.created.posts++;
  const tagRows = [...new Set(post.tags)]
    .map((slug) => tagIds.get(slug))
    .filter((id): id is string => Boolean(id))
    .slice(0, TAG_LIMITS.maxCount)
    .map((tagId) => ({ postId: row!.id, tagId }));
  if (tagRows.length) await tx.insert(postTags).values(tagRows);
  return true;
}

/** The report as the CLI prints it. */
export function formatReport(report: ImportReport, seconds?: number): string {
  const lines = [
    `${report.dryRun ? "Dry run (nothing written)" : "Imported"}: ${report.format} export` +
      (seconds === undefined ? "" : ` in ${seconds.toFixed(1)} s`),
    `  created: ${report.created.posts} posts, ${report.created.categories} categories, ${report.created.tags} tags, ${report.created.redirects} redirects`,
  ];
  for (const a of report.fallbackAuthors) {
    lines.push(`  author ${a.source} has no profile here: ${a.posts} posts go to ${a.mappedTo}`);
  }
  lines.push(`  skipped: ${report.skipped.length}`);
  for (const s of report.skipped) lines.push(`    ${s.item}: ${s.reason}`);
  return lines.join("\n");
}
