/**
 * The content export (docs/decisions/0119): posts with their HTML, categories,
 * tags, authors' public profiles, settings and redirects in content.json,
 * media beside it; e-mail addresses only when asked for.
 */
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as tar from "tar";
import { createPost, createTag, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { postTags, urlRedirects } from "../db/schema";
import { importMedia, readExport, writeExport } from "./export";
import { ArchiveRefused, scanArchive } from "./safe-extract";

const testDb = testDatabaseForThisFile();
/** The first bytes of a WebP file, as the site's image code writes them. */
const WEBP = "RIFF\u0024\u0000\u0000\u0000WEBPVP8 image bytes";
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
  it("writes the archive 0600 in a folder it makes 0700 (docs/decisions/0170, docs/decisions/0171)", async () => {
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
    writeFileSync(path.join(dataDir, "uploads", "posts", "cover.webp"), WEBP);
    const out = path.join(tempDir(), "content.tar.gz");
    await writeExport({ db: testDb.db, config: config(dataDir), out });

    const uploads = path.join(tempDir(), "uploads");
    const one = { files: ["posts/cover.webp"], skipped: [] };
    expect(await importMedia(out, uploads, { dryRun: true })).toEqual(one);
    expect(existsSync(path.join(uploads, "posts", "cover.webp"))).toBe(false);
    expect(await importMedia(out, uploads)).toEqual(one);
    expect(readFileSync(path.join(uploads, "posts", "cover.webp"), "latin1")).toBe(WEBP);
    writeFileSync(path.join(uploads, "posts", "cover.webp"), "kept");
    expect(await importMedia(out, uploads)).toEqual({ files: [], skipped: [] });
    expect(readFileSync(path.join(uploads, "posts", "cover.webp"), "utf8")).toBe("kept");
  });
});

/**
 * An export archive made by hand: content.json naming `named`, and media/
 * holding `files` (name → bytes), `links` (name → symlink target) and
 * `hardlinks` (name → another media file).
 */
function craftedExport(spec: {
  named: string[];
  files?: Record<string, string | Buffer>;
  links?: Record<string, string>;
  hardlinks?: Record<string, string>;
}): string {
  const staging = tempDir();
  writeFileSync(
    path.join(staging, "content.json"),
    JSON.stringify({
      format: "founderbridge-content",
      version: 1,
      categories: [],
      tags: [],
      posts: [],
      redirects: [],
      authors: [],
      media: spec.named,
    }),
  );
  const place = (name: string) => {
    const file = path.join(staging, "media", name);
    mkdirSync(path.dirname(file), { recursive: true });
    return file;
  };
  for (const [name, bytes] of Object.entries(spec.files ?? {})) writeFileSync(place(name), bytes);
  for (const [name, target] of Object.entries(spec.links ?? {})) symlinkSync(target, place(name));
  for (const [name, other] of Object.entries(spec.hardlinks ?? {}))
    linkSync(path.join(staging, "media", other), place(name));
  const out = path.join(tempDir(), "crafted.tar.gz");
  // Packed synchronously: node-tar's asynchronous packer mishandles hard links (isaacs/node-tar
  // #460): once in CI (stop 41's run) its gzip stream was ended twice, an unhandled
  // Z_STREAM_ERROR after the test. The site's own exports hold no links; this archive is made to.
  tar.create({ gzip: true, file: out, cwd: staging, sync: true }, ["content.json", "media"]);
  return out;
}

/** Every file under `root`, as relative paths. */
const filesUnder = (root: string) =>
  existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => !e.isDirectory())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
        .sort()
    : [];

describe("importing media: only what the site writes (docs/decisions/0173)", () => {
  it("copies only images and captions named in content.json, and lists the rest", async () => {
    const html = "<!doctype html><script>alert(document.cookie)</script>";
    const archive = craftedExport({
      named: [
        "posts/ok.webp",
        "captions/ok.vtt",
        "evil.html",
        "logo.svg",
        "posts/fake.webp",
        "posts/no-kind",
      ],
      files: {
        "posts/ok.webp": WEBP,
        "captions/ok.vtt": "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n",
        "evil.html": html,
        "logo.svg": '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        "posts/fake.webp": html,
        "posts/no-kind": WEBP,
        "unnamed.webp": WEBP,
      },
    });
    const uploads = path.join(tempDir(), "uploads");
    const result = await importMedia(archive, uploads);
    expect(filesUnder(uploads)).toEqual(["captions/ok.vtt", "posts/ok.webp"]);
    expect(result.files.sort()).toEqual(["captions/ok.vtt", "posts/ok.webp"]);
    expect(result.skipped.map((s) => s.item).sort()).toEqual(
      [
        "media evil.html",
        "media logo.svg",
        "media posts/fake.webp",
        "media posts/no-kind",
        "media unnamed.webp",
      ].sort(),
    );
    expect(result.skipped).toContainEqual({
      item: "media unnamed.webp",
      reason: "not named in content.json",
    });
  });

  it("refuses an archive holding a link, dangling or not, before writing anything", async () => {
    const specs: Parameters<typeof craftedExport>[0][] = [
      { named: ["posts/a.webp"], links: { "posts/a.webp": "../../../nowhere/at-all" } },
      { named: ["posts/b.webp"], links: { "posts/b.webp": "/etc/passwd" } },
      {
        named: ["posts/c.webp", "posts/d.webp"],
        files: { "posts/c.webp": WEBP },
        hardlinks: { "posts/d.webp": "posts/c.webp" },
      },
    ];
    for (const spec of specs) {
      const archive = craftedExport(spec);
      const uploads = path.join(tempDir(), "uploads");
      await expect(importMedia(archive, uploads)).rejects.toThrow(ArchiveRefused);
      expect(filesUnder(uploads)).toEqual([]);
    }
  });

  it("refuses a small archive that unpacks to 40 MB", async () => {
    // As found: about 180 KB that unpacks to 40 MB (a ratio node-tar's own limit, 1000, lets by).
    const big = Buffer.alloc(40 * 1024 * 1024);
    for (let at = 0; at < big.length; at += 64 * 1024) randomBytes(250).copy(big, at);
    big.write(WEBP, "latin1");
    const archive = craftedExport({
      named: ["posts/big.webp"],
      files: { "posts/big.webp": big },
    });
    expect(statSync(archive).size).toBeGreaterThan(100 * 1024);
    expect(statSync(archive).size).toBeLessThan(400 * 1024);
    const uploads = path.join(tempDir(), "uploads");
    await expect(importMedia(archive, uploads)).rejects.toThrow(/unpacks to more than/);
    expect(filesUnder(uploads)).toEqual([]);
    // The absolute cap holds whatever the archive's size.
    const fine = craftedExport({
      named: ["posts/ok.webp"],
      files: { "posts/ok.webp": WEBP },
    });
    await expect(scanArchive(fine, { cap: 16 })).rejects.toThrow(ArchiveRefused);
  });
});
