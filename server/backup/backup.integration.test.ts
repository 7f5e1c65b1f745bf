/**
 * The restore drill (docs/milestones.md#issue-22-operate-it): seed, back up, wipe, restore, and compare
 * every table's rows and every uploaded file's hash. On the embedded database
 * (through the running server's socket, as `npm run backup` does while the
 * site runs) and, with TEST_DATABASE_URL, on PostgreSQL with pg_dump and with
 * the logical dump.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { once } from "node:events";
import { connect } from "node:net";
import pg from "pg";
import * as tar from "tar";
import { afterAll, describe, expect, it } from "vitest";
import {
  createComment,
  createPost,
  createTag,
  createUser,
  queryRows,
} from "#tests/support/factories";
import { loadConfig, type Config } from "../config";
import { openDatabase, type Database, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { postTags } from "../db/schema";
import { ensureReservedRows } from "../db/seed";
import { createBackup, restoreBackup, RestoreRefused } from "./archive";
import { BACKUP_SOCKET_NAME, serveLiveBackups } from "./live";

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "fb-drill-"));
  temporary.push(dir);
  return dir;
}

function configFor(dataDir: string, databaseUrl?: string): Config {
  return loadConfig(
    {
      DATA_DIR: dataDir,
      ...(databaseUrl
        ? {
            DATABASE_URL: databaseUrl,
            BETTER_AUTH_SECRET: "x".repeat(40),
            SITE_URL: "http://localhost",
          }
        : {}),
    },
    false,
  );
}

/** Rows with their replies, likes (trigger-kept counters) and tags: what a restore could get wrong. */
async function seed(db: Database) {
  await ensureReservedRows(db);
  const author = await createUser(db);
  const reader = await createUser(db, { bio: "Café ☕ — line one\nline two\u2028" });
  const tag = await createTag(db);
  for (let i = 0; i < 5; i += 1) {
    const post = await createPost(db, {
      authorId: author.id,
      content: `<p>Post ${i} &amp; "quotes"</p>`,
      status: i === 4 ? "draft" : "published",
    });
    await db.insert(postTags).values({ postId: post.id, tagId: tag.id });
    const top = await createComment(db, { postId: post.id, authorId: reader.id });
    await createComment(db, { postId: post.id, authorId: author.id, parentId: top.id });
    await db.execute(
      sql`INSERT INTO comment_likes (comment_id, user_id) VALUES (${top.id}, ${author.id})`,
    );
  }
}

function seedUploads(dataDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  // The kinds the site writes: an image, captions, the demo's chime.
  const heads: Record<string, string> = {
    "posts/a/one.webp": "RIFF\u0000\u0000\u0000\u0000WEBPVP8 ",
    "captions/b/two.vtt": "WEBVTT\n\n",
    "demo/audio/three.wav": "RIFF\u0000\u0000\u0000\u0000WAVEfmt ",
  };
  for (const [name, head] of Object.entries(heads)) {
    const file = path.join(dataDir, "uploads", name);
    mkdirSync(path.dirname(file), { recursive: true });
    const bytes = Buffer.concat([Buffer.from(head, "latin1"), randomBytes(2048 + name.length)]);
    writeFileSync(file, bytes);
    files[name] = createHash("sha256").update(bytes).digest("hex");
  }
  return files;
}

function hashUploads(dataDir: string, names: string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      createHash("sha256")
        .update(readFileSync(path.join(dataDir, "uploads", name)))
        .digest("hex"),
    ]),
  );
}

/** Every public table's rows, each as PostgreSQL's JSON text, sorted. */
async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ j: string }>(
      db,
      sql`SELECT row_to_json(t)::text AS j FROM ${sql.identifier(name)} t ORDER BY 1`,
    );
    out[name] = rows.map((r) => r.j);
  }
  return out;
}

describe("backup and restore of the embedded database", () => {
  it(
    "backs up a running site, restores into an empty folder, refuses to overwrite",
    { timeout: 120_000 },
    async () => {
      const source = tempDir();
      const handle = await openDatabase({ dir: path.join(source, "pglite") });
      let before: Record<string, string[]>;
      let live: { close(): Promise<void> } | undefined;
      const lockFile = path.join(source, "pglite", "founderbridge.lock");
      try {
        await migrateDatabase(handle);
        await seed(handle.db);
        before = await snapshot(handle.db);
        // The server runs "in another process": the lock names a live pid that is not ours.
        writeFileSync(lockFile, String(process.ppid));
        live = serveLiveBackups(handle, source, { info() {}, warn() {} });
        await new Promise((resolve) => setTimeout(resolve, 50));
        const hashes = seedUploads(source);
        const archive = path.join(tempDir(), "site.tar.gz");
        const manifest = await createBackup({ config: configFor(source), out: archive });
        expect(manifest.database).toMatchObject({ driver: "pglite", method: "logical" });
        expect(manifest.schema.migration).toMatch(/^\d{4}_/);
        expect(manifest.counts.posts).toBe(5);
        expect(manifest.counts.comments).toBe(10);
        expect(manifest.uploads).toMatchObject({ included: true });

        // Wipe: a new, empty data folder.
        const target = tempDir();
        const result = await restoreBackup({ config: configFor(target), archive });
        expect(result.files).toBe(3);
        expect(hashUploads(target, Object.keys(hashes))).toEqual(hashes);
        const restored = await openDatabase({ dir: path.join(target, "pglite") });
        try {
          expect(await snapshot(restored.db)).toEqual(before);
        } finally {
          await restored.close();
        }

        // A second restore into the now-full folder is refused, then allowed with --force.
        await expect(restoreBackup({ config: configFor(target), archive })).rejects.toThrow(
          RestoreRefused,
        );
        await restoreBackup({ config: configFor(target), archive, force: true });
      } finally {
        await live?.close();
        await handle.close();
        if (existsSync(lockFile)) rmSync(lockFile);
      }
    },
  );

  it(
    "lets the site go on when a backup client stops reading and leaves",
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      const handle = await openDatabase({ dir: path.join(dataDir, "pglite") });
      let live: { close(): Promise<void> } | undefined;
      try {
        await migrateDatabase(handle);
        await ensureReservedRows(handle.db);
        const author = await createUser(handle.db);
        // More than a socket buffers: the dump must wait for a reader that never reads.
        await handle.db.execute(
          sql`INSERT INTO posts (title, slug, content, author_id, status)
            SELECT 'Big ' || i, 'big-' || i, repeat('x', 8000), ${author.id}, 'draft'
            FROM generate_series(1, 300) AS i`,
        );
        live = serveLiveBackups(handle, dataDir, { info() {}, warn() {} });
        await new Promise((resolve) => setTimeout(resolve, 50));
        const socket = connect(path.join(dataDir, BACKUP_SOCKET_NAME));
        await once(socket, "connect");
        socket.pause();
        socket.write("dump\n");
        await new Promise((resolve) => setTimeout(resolve, 300));
        socket.destroy();
        // The dump's transaction ends: the site's next query answers.
        await handle.ping(5_000);
      } finally {
        await live?.close();
        await handle.close();
      }
    },
  );

  it("writes the archive 0600 in a folder it makes 0700 (docs/decisions/0170, docs/decisions/0171)", async () => {
    const source = tempDir();
    const handle = await openDatabase({ dir: path.join(source, "pglite") });
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    const folder = path.join(tempDir(), "backups");
    const archive = path.join(folder, "site.tar.gz");
    await createBackup({ config: configFor(source), out: archive });
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  describe("restores only what the site writes (docs/decisions/0173)", () => {
    /** A real backup of an empty site, then edited: `edit` changes its folder and manifest. */
    async function tampered(
      edit: (
        dir: string,
        manifest: Record<string, unknown>,
        name: (n: string, b: Buffer) => void,
      ) => void,
    ) {
      const source = tempDir();
      const handle = await openDatabase({ dir: path.join(source, "pglite") });
      try {
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
      const original = path.join(tempDir(), "site.tar.gz");
      await createBackup({ config: configFor(source), out: original });
      const dir = tempDir();
      await tar.extract({ file: original, cwd: dir });
      const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Record<
        string,
        unknown
      > & { uploads: { included?: boolean; files: Record<string, unknown> } };
      const files: Record<string, { bytes: number; sha256: string }> = {};
      const name = (n: string, bytes: Buffer) => {
        const file = path.join(dir, "uploads", n);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, bytes);
        files[n] = {
          bytes: bytes.length,
          sha256: createHash("sha256").update(bytes).digest("hex"),
        };
      };
      edit(dir, manifest, name);
      manifest.uploads = { included: true, files: { ...manifest.uploads.files, ...files } };
      writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
      const out = path.join(tempDir(), "tampered.tar.gz");
      await tar.create({ gzip: true, file: out, cwd: dir }, readdirSync(dir));
      return out;
    }
    const webp = () =>
      Buffer.concat([
        Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ", "latin1"),
        randomBytes(64),
      ]);
    const uploadsOf = (dataDir: string) => {
      const root = path.join(dataDir, "uploads");
      return existsSync(root)
        ? readdirSync(root, { recursive: true, withFileTypes: true })
            .filter((e) => !e.isDirectory())
            .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
            .sort()
        : [];
    };

    it(
      "copies only images and captions the manifest names, and lists the rest",
      { timeout: 60_000 },
      async () => {
        const html = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
        const archive = await tampered((dir, _manifest, name) => {
          name("posts/ok.webp", webp());
          name("evil.html", html);
          name(
            "logo.svg",
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
          );
          name("posts/fake.webp", html);
          // In the archive, not in the manifest.
          mkdirSync(path.join(dir, "uploads"), { recursive: true });
          writeFileSync(path.join(dir, "uploads", "unnamed.webp"), webp());
        });
        const target = tempDir();
        const result = await restoreBackup({ config: configFor(target), archive });
        expect(uploadsOf(target)).toEqual(["posts/ok.webp"]);
        expect(result.files).toBe(1);
        expect(result.skipped.map((s) => s.name).sort()).toEqual(
          ["evil.html", "logo.svg", "posts/fake.webp", "unnamed.webp"].sort(),
        );
      },
    );

    it(
      "refuses links, dangling or not, and an archive that unpacks to 40 MB",
      { timeout: 60_000 },
      async () => {
        const dangling = await tampered((dir, _manifest, name) => {
          name("posts/ok.webp", webp());
          symlinkSync("../../nowhere/at-all", path.join(dir, "uploads", "posts", "gone.webp"));
        });
        const passwd = await tampered((dir, _manifest, name) => {
          name("posts/ok.webp", webp());
          symlinkSync("/etc/passwd", path.join(dir, "uploads", "posts", "passwd.webp"));
        });
        const big = Buffer.alloc(40 * 1024 * 1024);
        for (let at = 0; at < big.length; at += 64 * 1024) randomBytes(250).copy(big, at);
        webp().copy(big);
        const bomb = await tampered((_dir, _manifest, name) => name("posts/big.webp", big));
        expect(statSync(bomb).size).toBeLessThan(400 * 1024);
        for (const archive of [dangling, passwd, bomb]) {
          const target = tempDir();
          await expect(restoreBackup({ config: configFor(target), archive })).rejects.toThrow(
            RestoreRefused,
          );
          expect(existsSync(path.join(target, "pglite"))).toBe(false);
          expect(uploadsOf(target)).toEqual([]);
        }
      },
    );
  });

  it("refuses a damaged archive before touching anything", async () => {
    const archive = path.join(tempDir(), "not-a-backup.tar.gz");
    writeFileSync(archive, "nope");
    const target = tempDir();
    await expect(restoreBackup({ config: configFor(target), archive })).rejects.toThrow();
    expect(existsSync(path.join(target, "pglite"))).toBe(false);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<string> {
  const name = `fb_test_drill_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

describe.skipIf(!serverUrl)("backup and restore of PostgreSQL", () => {
  for (const logical of [false, true]) {
    it(
      `restores what it backed up (${logical ? "logical dump" : "pg_dump"})`,
      { timeout: 120_000 },
      async () => {
        const sourceUrl = await freshDatabase();
        const targetUrl = await freshDatabase();
        let handle: DatabaseHandle | undefined;
        try {
          handle = await openDatabase({ url: sourceUrl, poolSize: 2 });
          await migrateDatabase(handle);
          await seed(handle.db);
          const before = await snapshot(handle.db);
          const dataDir = tempDir();
          const hashes = seedUploads(dataDir);
          const archive = path.join(tempDir(), "site.tar.gz");
          // The site keeps its connections open while the backup runs.
          const manifest = await createBackup({
            config: configFor(dataDir, sourceUrl),
            out: archive,
            logical,
          });
          expect(manifest.database).toMatchObject({
            driver: "postgres",
            method: logical ? "logical" : "pg_dump",
          });
          expect(manifest.counts.comment_likes).toBe(5);

          const target = tempDir();
          await restoreBackup({ config: configFor(target, targetUrl), archive });
          expect(hashUploads(target, Object.keys(hashes))).toEqual(hashes);
          const restored = await openDatabase({ url: targetUrl, poolSize: 1 });
          try {
            expect(await snapshot(restored.db)).toEqual(before);
          } finally {
            await restored.close();
          }
          await expect(
            restoreBackup({ config: configFor(tempDir(), targetUrl), archive }),
          ).rejects.toThrow(/not empty/);
        } finally {
          await handle?.close();
          await dropDatabase(sourceUrl);
          await dropDatabase(targetUrl);
        }
      },
    );
  }
});
