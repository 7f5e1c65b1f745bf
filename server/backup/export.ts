/**
 * `npm run export` (docs/decisions/0119's way out): the whole site's content as
 * one JSON file, `content.json`, plus the local uploads under `media/`, in one
 * .tar.gz. Posts (every status) with their HTML, category, tags and author;
 * categories, tags, the authors' public profiles, the site settings and the
 * URL redirects. Members' e-mail addresses only with `includeEmails`.
 * Unlike a backup (archive.ts) it is meant to be read by other tools: names
 * and slugs rather than ids where another site would need them.
 */
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import {
  chmod,
  copyFile,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, inArray } from "drizzle-orm";
import * as tar from "tar";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../data-dir";
import { isSiteFile, isSiteFileName, scanArchive, SITE_FILE_REFUSED } from "./safe-extract";
import { appVersion } from "../app-version";
import type { Config } from "../config";
import type { Database } from "../db/client";
import {
  categories,
  postTags,
  posts,
  profiles,
  siteSettings,
  tags,
  urlRedirects,
} from "../db/schema";
import { uploadsDir } from "../storage";

export const CONTENT_FORMAT = "founderbridge-content";
export const CONTENT_VERSION = 1;

export type ExportOptions = {
  db: Database;
  config: Pick<Config, "dataDir" | "siteUrl" | "siteName" | "storage">;
  out: string;
  /** Adds every member's e-mail address (and the authors'): an explicit choice. */
  includeEmails?: boolean;
};

export type ExportSummary = {
  posts: number;
  categories: number;
  tags: number;
  authors: number;
  members: number | null;
  redirects: number;
  media: number;
};

async function listFiles(root: string, prefix = ""): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".")) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(root, relative)));
    else if (entry.isFile()) out.push(relative);
  }
  return out;
}

/** The export's content, as written to content.json. */
export async function exportContent(
  db: Database,
  site: { url: string; name: string },
  includeEmails = false,
) {
  return db.transaction(async (tx) => {
    const allPosts = await tx.select().from(posts).orderBy(asc(posts.createdAt), asc(posts.id));
    const allCategories = await tx.select().from(categories).orderBy(asc(categories.slug));
    const allTags = await tx.select().from(tags).orderBy(asc(tags.slug));
    const links = await tx.select().from(postTags);
    const authorIds = [...new Set(allPosts.map((p) => p.authorId))];
    const authors = authorIds.length
      ? await tx
          .select()
          .from(profiles)
          .where(inArray(profiles.id, authorIds))
          .orderBy(asc(profiles.username))
      : [];
    const [settings] = await tx.select().from(siteSettings).limit(1);
    const redirects = await tx.select().from(urlRedirects).orderBy(asc(urlRedirects.fromPath));
    const members = includeEmails
      ? await tx
          .select({
            username: profiles.username,
            email: profiles.email,
            fullName: profiles.fullName,
            role: profiles.role,
            status: profiles.status,
            createdAt: profiles.createdAt,
          })
          .from(profiles)
          .orderBy(asc(profiles.username))
      : null;

    const categorySlug = new Map(allCategories.map((c) => [c.id, c.slug]));
    const tagSlug = new Map(allTags.map((t) => [t.id, t.slug]));
    const username = new Map(authors.map((a) => [a.id, a.username]));
    const tagsOf = new Map<string, string[]>();
    for (const link of links) {
      const list = tagsOf.get(link.postId) ?? [];
      list.push(tagSlug.get(link.tagId)!);
      tagsOf.set(link.postId, list);
    }
    const counts = new Map<string, number>();
    for (const p of allPosts) counts.set(p.authorId, (counts.get(p.authorId) ?? 0) + 1);

    return {
      format: CONTENT_FORMAT,
      version: CONTENT_VERSION,
      exportedAt: new Date().toISOString(),
      app: appVersion(),
      site: { ...site, settings: settings ? { ...settings, id: undefined } : null },
      categories: allCategories.map((c) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        schemaType: c.schemaType,
      })),
      tags: allTags.map((t) => ({ slug: t.slug, name: t.name })),
      authors: authors.map((a) => ({
        username: a.username,
        fullName: a.fullName,
        bio: a.bio,
        profilePhotoUrl: a.profilePhotoUrl,
        userType: a.userType,
        role: a.role,
        linkedinUrl: a.linkedinUrl,
        websiteUrl: a.websiteUrl,
        posts: counts.get(a.id) ?? 0,
        ...(includeEmails ? { email: a.email } : {}),
      })),
      posts: allPosts.map((p) => ({
        slug: p.slug,
        title: p.title,
        status: p.status,
        html: p.content,
        excerpt: p.excerpt,
        postType: p.postType,
        externalUrl: p.externalUrl,
        featuredImageUrl: p.featuredImageUrl,
        featuredVideoUrl: p.featuredVideoUrl,
        featuredAudioUrl: p.featuredAudioUrl,
        category: categorySlug.get(p.categoryId) ?? null,
        tags: (tagsOf.get(p.id) ?? []).sort(),
        author: username.get(p.authorId) ?? null,
        isFeatured: p.isFeatured,
        publishedAt: p.publishedAt,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
        url: p.status === "published" ? `${site.url}/post/${p.slug}` : null,
      })),
      redirects: redirects.map((r) => ({
        from: r.fromPath,
        to: r.toPath,
        statusCode: r.statusCode,
        notes: r.notes,
      })),
      members,
    };
  });
}

/** Writes the export archive (content.json + media/); returns what it holds. */
export async function writeExport({
  db,
  config,
  out,
  includeEmails = false,
}: ExportOptions): Promise<ExportSummary> {
  const content = await exportContent(
    db,
    { url: config.siteUrl, name: config.siteName },
    includeEmails,
  );
  const staging = await mkdtemp(path.join(tmpdir(), "founderbridge-export-"));
  try {
    const entries = ["content.json"];
    let media: string[] = [];
    if (config.storage.driver !== "s3") {
      const root = uploadsDir(config.dataDir);
      media = await listFiles(root);
      if (media.length > 0) {
        await symlink(root, path.join(staging, "media"));
        entries.push(...media.map((name) => `media/${name}`));
      }
    }
    const text = JSON.stringify({ ...content, media }, null, 2) + "\n";
    await writeFile(path.join(staging, "content.json"), text);
    // As sensitive as the database: 0600 in a folder made 0700 (docs/decisions/0171).
    await mkdir(path.dirname(path.resolve(out)), { recursive: true, mode: PRIVATE_DIR_MODE });
    const partial = `${out}.partial-${createHash("sha1").update(out).digest("hex").slice(0, 8)}`;
    try {
      await tar.create(
        {
          gzip: true,
          file: partial,
          cwd: staging,
          follow: true,
          portable: true,
          mode: PRIVATE_FILE_MODE,
        },
        entries,
      );
      await chmod(partial, PRIVATE_FILE_MODE);
      await rename(partial, out);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return {
      posts: content.posts.length,
      categories: content.categories.length,
      tags: content.tags.length,
      authors: content.authors.length,
      members: content.members?.length ?? null,
      redirects: content.redirects.length,
      media: media.length,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Reads content.json back out of an export archive (tests, the import to come). */
export async function readExport(
  file: string,
): Promise<Awaited<ReturnType<typeof exportContent>> & { media: string[] }> {
  const staging = await mkdtemp(path.join(tmpdir(), "founderbridge-export-read-"));
  try {
    await tar.extract({ file, cwd: staging, filter: (p) => p === "content.json" });
    // The file exportContent wrote into the archive: its own shape, read back.
    return JSON.parse(await readFile(path.join(staging, "content.json"), "utf8")) as Awaited<
      ReturnType<typeof exportContent>
    > & { media: string[] };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export type MediaImport = {
  /** The names copied (or that would be, with `dryRun`). */
  files: string[];
  /** The archive's media/ files left out, and why (for the import's report). */
  skipped: { item: string; reason: string }[];
};

/**
 * Copies an export archive's media/ files into `uploadsRoot` (the import of
 * our own format): only those content.json names, of a kind the site writes
 * (safe-extract.ts: by name and first bytes); others are skipped and listed.
 * An archive with a link, or that unpacks to too much, is refused
 * (ArchiveRefused) before anything is written. Files already there are left
 * alone, so a second run copies nothing.
 */
export async function importMedia(
  file: string,
  uploadsRoot: string,
  options: { dryRun?: boolean; cap?: number } = {},
): Promise<MediaImport> {
  const entries = await scanArchive(file, { cap: options.cap });
  const named = new Set((await readExport(file)).media ?? []);
  const skipped: MediaImport["skipped"] = [];
  const candidates: string[] = [];
  for (const entry of entries) {
    if (!entry.path.startsWith("media/") || entry.type !== "File") continue;
    const name = entry.path.slice("media/".length);
    if (!named.has(name)) {
      skipped.push({ item: `media ${name}`, reason: "not named in content.json" });
    } else if (!isSiteFileName(name)) {
      skipped.push({ item: `media ${name}`, reason: SITE_FILE_REFUSED });
    } else candidates.push(name);
  }
  const missing: string[] = [];
  for (const name of candidates) {
    try {
      await lstat(path.join(uploadsRoot, name));
    } catch {
      missing.push(name);
    }
  }
  if (missing.length === 0) return { files: [], skipped };
  const staging = await mkdtemp(path.join(tmpdir(), "founderbridge-import-media-"));
  try {
    const wanted = new Set(missing.map((name) => `media/${name}`));
    // node-tar refuses absolute paths and ".." (preservePaths is off); only regular files.
    await tar.extract({
      file,
      cwd: staging,
      filter: (p, entry) => wanted.has(p) && (entry as tar.ReadEntry).type === "File",
    });
    const files: string[] = [];
    for (const name of missing) {
      const from = path.join(staging, "media", name);
      if (!(await isSiteFile(from, name))) {
        skipped.push({ item: `media ${name}`, reason: SITE_FILE_REFUSED });
        continue;
      }
      files.push(name);
      if (options.dryRun) continue;
      const to = path.join(uploadsRoot, name);
      await mkdir(path.dirname(to), { recursive: true });
      await copyFile(from, to, constants.COPYFILE_EXCL);
    }
    return { files, skipped };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
