/**
 * The content export (issue 22, item 2): posts with their HTML, categories,
 * tags, authors' public profiles, settings and redirects in content.json,
 * media beside it; e-mail addresses only when asked for.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as tar from "tar";
import { createPost, createTag, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { postTags, urlRedirects } from "../db/schema";
import { importMedia, readExport, writeExport } from "./export";

const testDb = testDatabaseForThisFile();
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fb-export-"));
  temporary.push(dir);
  return dir;
};

async function seed() {
  const db = testDb.db;
  const author = await createUser(db, { role: "mentor", fullName: "Asha Rao", bio: "Mentor." });
  const member = await createUser(db, { fullName: "Quiet Reader" });
  const tag = await createTag(db, "visa tips");
  const post = await createPost(db, {
    authorId: author.id,
    slug: "opening-a-bank-account",
    title: "Opening a UK bank account",
    content: "<p>Bring <strong>two</strong> documents.</p>",
  });
  await createPost(db, {
    authorId: author.id,
    slug: "a-draft",
    status: "draft",
    publishedAt: null,
  });
  await db.insert(postTags).values({ postId: post.id, tagId: tag.id });
  await db
    .insert(urlRedirects)
    .values({ fromPath: "/old-bank-post", toPath: "/post/opening-a-bank-account" });
  return { author, member };
}

function config(dataDir: string) {
  return {
    dataDir,
    siteUrl: "https://founderbridge.example",
    siteName: "FounderBridge",
    storage: { driver: "local" as const },
  };
}

describe("npm run export", () => {
  it("writes the archive 0600 in a folder it makes 0700 (issue 29, item 3)", async () => {
    await seed();
    const folder = path.join(tempDir(), "exports");
    const out = path.join(folder, "content.tar.gz");
    await writeExport({ db: testDb.db, config: config(tempDir()), out, includeEmails: true });
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it("writes posts with their HTML and names, authors without e-mails, media beside", async () => {
    const { author, member } = await seed();
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, "uploads", "posts"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", "posts", "cover.webp"), "image bytes");
    const out = path.join(tempDir(), "content.tar.gz");
    const summary = await writeExport({ db: testDb.db, config: config(dataDir), out });
    expect(summary).toMatchObject({ posts: 2, authors: 1, members: null, redirects: 1, media: 1 });

    const content = await readExport(out);
    expect(content.format).toBe("founderbridge-content");
    const post = content.posts.find((p) => p.slug === "opening-a-bank-account")!;
    expect(post).toMatchObject({
      title: "Opening a UK bank account",
      status: "published",
      html: "<p>Bring <strong>two</strong> documents.</p>",
      category: "uncategorized",
      tags: ["visa-tips"],
      author: author.username,
      url: "https://founderbridge.example/post/opening-a-bank-account",
    });
    expect(content.posts.find((p) => p.slug === "a-draft")).toMatchObject({
      status: "draft",
      url: null,
    });
    expect(content.tags).toEqual([{ slug: "visa-tips", name: "visa tips" }]);
    expect(content.categories.map((c) => c.slug)).toContain("uncategorized");
    expect(content.authors).toEqual([
      expect.objectContaining({ username: author.username, fullName: "Asha Rao", posts: 2 }),
    ]);
    expect(content.redirects).toEqual([
      expect.objectContaining({ from: "/old-bank-post", to: "/post/opening-a-bank-account" }),
    ]);
    expect(content.site.settings).toHaveProperty("cookieBannerMessage");
    expect(content.media).toEqual(["posts/cover.webp"]);
    // No e-mail address anywhere without the flag.
    const text = JSON.stringify(content);
    expect(text).not.toContain(author.email);
    expect(text).not.toContain(member.email);
    const names: string[] = [];
    await tar.list({ file: out, onReadEntry: (entry) => void names.push(entry.path) });
    expect(names.sort()).toEqual(["content.json", "media/posts/cover.webp"]);
  });

  it("adds members' e-mail addresses only with includeEmails", async () => {
    const { author, member } = await seed();
    const out = path.join(tempDir(), "content.tar.gz");
    const summary = await writeExport({
      db: testDb.db,
      config: config(tempDir()),
      out,
      includeEmails: true,
    });
    expect(summary.members).toBe(2);
    const content = await readExport(out);
    expect(content.members!.map((m) => m.email).sort()).toEqual(
      [author.email, member.email].sort(),
    );
    expect(content.authors[0]).toMatchObject({ email: author.email });
  });

  it("copies the media into another site's uploads once, and not on a dry run", async () => {
    await seed();
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, "uploads", "posts"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", "posts", "cover.webp"), "image bytes");
    const out = path.join(tempDir(), "content.tar.gz");
    await writeExport({ db: testDb.db, config: config(dataDir), out });

    const uploads = path.join(tempDir(), "uploads");
    expect(await importMedia(out, uploads, { dryRun: true })).toEqual(["posts/cover.webp"]);
    expect(existsSync(path.join(uploads, "posts", "cover.webp"))).toBe(false);
    expect(await importMedia(out, uploads)).toEqual(["posts/cover.webp"]);
    expect(readFileSync(path.join(uploads, "posts", "cover.webp"), "utf8")).toBe("image bytes");
    writeFileSync(path.join(uploads, "posts", "cover.webp"), "kept");
    expect(await importMedia(out, uploads)).toEqual([]);
    expect(readFileSync(path.join(uploads, "posts", "cover.webp"), "utf8")).toBe("kept");
  });
});
