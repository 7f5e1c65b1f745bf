import { eq } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { crc32, deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateLocal } from "#server/cache/cache";
import { bannedWords, follows, notifications, profiles } from "#server/db/schema";
import { createLocalStorage, type LocalStorage } from "#server/storage";
import type { Actor, Role, Status } from "~/features/accounts/permissions";
import { follow, followerCount, unfollow } from "~/features/follows/follows.server";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { containsBannedWord } from "./banned-words.server";
import {
  readProfileForm,
  saveProfile,
  uploadProfilePhoto,
  type ProfileValues,
} from "./edit-profile.server";
import { loadProfilePage } from "./public-profile.server";

const t = testDatabaseForThisFile();
let dir: string;
let storage: LocalStorage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "fb-profiles-"));
  storage = createLocalStorage({ root: dir, publicPath: "/uploads" });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function member(role: Role = "user", status: Status = "approved", extra = {}) {
  const u = await createUser(t.db, { role, status, ...extra });
  return { ...u, actor: { id: u.id, role, status } satisfies Actor };
}

const blank: ProfileValues = {
  fullName: "",
  userType: "",
  bio: "",
  locationCity: "",
  locationCountry: "",
  linkedinUrl: "",
  websiteUrl: "",
};

async function profileRow(id: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

describe("saving the profile", () => {
  it("saves trimmed values, empty fields as null, marks the profile completed", async () => {
    const m = await member("user", "approved", { bio: "old", websiteUrl: "https://old.example" });
    const result = await saveProfile(
      t.db,
      m.actor,
      {
        ...blank,
        fullName: "  Asha Rao ",
        userType: "Entrepreneur",
        bio: "Building between Leeds and Pune.",
        locationCity: "Leeds",
        linkedinUrl: "https://www.linkedin.com/in/asha",
      },
      { firstTime: false },
    );
    expect(result).toEqual({
      ok: true,
      message: "Profile updated successfully!",
      redirectTo: `/user/${m.username}`,
    });
    const row = await profileRow(m.id);
    expect(row).toMatchObject({
      fullName: "Asha Rao",
      userType: "Entrepreneur",
      bio: "Building between Leeds and Pune.",
      locationCity: "Leeds",
      locationCountry: null,
      linkedinUrl: "https://www.linkedin.com/in/asha",
      websiteUrl: null,
      profileCompleted: true,
      username: m.username,
    });
  });

  it("first time: Profile completed successfully! and on to /", async () => {
    const m = await member("user", "pending", { profileCompleted: false });
    const result = await saveProfile(t.db, m.actor, blank, { firstTime: true });
    expect(result).toEqual({
      ok: true,
      message: "Profile completed successfully!",
      redirectTo: "/",
    });
    expect((await profileRow(m.id)).profileCompleted).toBe(true);
  });

  it("refuses bad URLs, an unknown user type and a bio over 500 characters, keeping the row", async () => {
    const m = await member();
    for (const [values, field] of [
      [{ websiteUrl: "javascript:alert(1)" }, "websiteUrl"],
      [{ linkedinUrl: "not a url" }, "linkedinUrl"],
      [{ userType: "Wizard" }, "userType"],
      [{ bio: "x".repeat(501) }, "bio"],
      [{ fullName: "n".repeat(101) }, "fullName"],
    ] as const) {
      const result = await saveProfile(
        t.db,
        m.actor,
        { ...blank, ...values },
        { firstTime: false },
      );
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.status).toBe(400);
        expect(Object.keys(result.fieldErrors)).toEqual([field]);
      }
    }
    expect(
      (await saveProfile(t.db, m.actor, { ...blank, bio: "y".repeat(500) }, { firstTime: false }))
        .ok,
    ).toBe(true);
  });

  it("refuses a bio with a banned word (whole words, any case) with the spec's message", async () => {
    const m = await member();
    await t.db.insert(bannedWords).values([{ word: "scam" }, { word: "get rich" }]);
    // The list is cached; on a running server the table's NOTIFY clears it.
    invalidateLocal(["banned_words"]);
    const refused = await saveProfile(
      t.db,
      m.actor,
      { ...blank, bio: "Not a SCAM, honest" },
      { firstTime: false },
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      error: "Bio contains inappropriate content",
    });
    expect(await containsBannedWord(t.db, "How to get  rich")).toBe(false);
    expect(await containsBannedWord(t.db, "How to Get Rich quickly")).toBe(true);
    expect(await containsBannedWord(t.db, "scampi is fine")).toBe(false);
    const ok = await saveProfile(
      t.db,
      m.actor,
      { ...blank, bio: "scampi lover" },
      { firstTime: false },
    );
    expect(ok.ok).toBe(true);
  });

  it("accepts the bio when the check itself fails", async () => {
    const m = await member();
    invalidateLocal(["banned_words"]); // the check reads the list (not a cached copy)
    const failing = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key === "select") return () => ({ from: () => Promise.reject(new Error("down")) });
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const logged: unknown[] = [];
    const result = await saveProfile(
      failing,
      m.actor,
      { ...blank, bio: "anything" },
      {
        firstTime: false,
        log: (e) => logged.push(e),
      },
    );
    expect(result.ok).toBe(true);
    expect(logged).toHaveLength(1);
  });

  it("reads the form; repeated or file fields count as empty; username is never read", () => {
    const form = new FormData();
    form.append("fullName", "A");
    form.append("bio", "one");
    form.append("bio", "two");
    form.append("username", "hacker");
    form.append("websiteUrl", new Blob(["x"]), "x.txt");
    const values = readProfileForm(form);
    expect(values).toMatchObject({ fullName: "A", bio: "", websiteUrl: "" });
    expect(values).not.toHaveProperty("username");
  });
});

/** A PNG whose header claims width × height, with a small all-zero body. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(Buffer.alloc(64 * 1024))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

describe("the profile photo", () => {
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer()
      .then((b) => new Uint8Array(b));

  it("re-encodes to a 500×500 WebP under profile-images/<id>/<timestamp>.500x500.webp, with smaller copies, and saves the URL", async () => {
    const m = await member();
    const now = new Date(1_767_000_000_000);
    const result = await uploadProfilePhoto(t.db, storage, m.actor, await png(900, 600), { now });
    expect(result).toEqual({
      ok: true,
      url: `/uploads/profile-images/${m.id}/1767000000000.500x500.webp`,
      message: "Profile image uploaded successfully!",
    });
    const meta = await sharp(
      path.join(dir, "profile-images", m.id, "1767000000000.500x500.webp"),
    ).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 500, height: 500 });
    expect(meta.exif).toBeUndefined();
    expect(await storage.list(`profile-images/${m.id}/`)).toEqual([
      `profile-images/${m.id}/1767000000000.500x500.160w.webp`,
      `profile-images/${m.id}/1767000000000.500x500.320w.webp`,
      `profile-images/${m.id}/1767000000000.500x500.96w.webp`,
      `profile-images/${m.id}/1767000000000.500x500.webp`,
    ]);
    for (const width of [96, 160, 320]) {
      const copy = await sharp(
        path.join(dir, "profile-images", m.id, `1767000000000.500x500.${width}w.webp`),
      ).metadata();
      expect(copy).toMatchObject({ format: "webp", width, height: width });
    }
    expect((await profileRow(m.id)).profilePhotoUrl).toBe(result.ok ? result.url : "");
  });

  it("a new photo deletes the previous photo's files, once saved, and nothing else in the folder", async () => {
    const m = await member();
    const other = await member();
    const folder = `profile-images/${m.id}/`;
    const first = await uploadProfilePhoto(t.db, storage, m.actor, await png(600, 600), {
      now: new Date(1_000),
    });
    expect(first.ok).toBe(true);
    // A file in the folder that no photo address names (an older, unknown upload) stays.
    await storage.put(`${folder}unrelated.webp`, new Uint8Array([1]), "image/webp");
    await uploadProfilePhoto(t.db, storage, other.actor, await png(600, 600), {
      now: new Date(1_000),
    });
    const second = await uploadProfilePhoto(t.db, storage, m.actor, await png(600, 600), {
      now: new Date(2_000),
    });
    expect(second).toMatchObject({ ok: true, url: `/uploads/${folder}2000.500x500.webp` });
    expect(await storage.list(folder)).toEqual([
      `${folder}2000.500x500.160w.webp`,
      `${folder}2000.500x500.320w.webp`,
      `${folder}2000.500x500.96w.webp`,
      `${folder}2000.500x500.webp`,
      `${folder}unrelated.webp`,
    ]);
    // The other member's photo of the same instant is untouched.
    expect(await storage.list(`profile-images/${other.id}/`)).toHaveLength(4);
  });

  it.each([
    ["a LinkedIn photo", "https://media.licdn.com/dms/image/1000.500x500.webp"],
    ["another member's folder", "/uploads/profile-images/someone-else/1000.500x500.webp"],
    ["a post image", "/uploads/posts/MEMBER/1000.500x500.webp"],
    ["a climb out of the folder", "/uploads/profile-images/MEMBER/../someone-else/1000.webp"],
    ["an address with a query", "/uploads/profile-images/MEMBER/1000.500x500.webp?v=1"],
  ])("replacing %s as the photo deletes no file", async (_, address) => {
    const m = await member();
    const url = address.replace("MEMBER", m.id);
    const keys = [
      "profile-images/someone-else/1000.500x500.webp",
      `posts/${m.id}/1000.500x500.webp`,
      `profile-images/${m.id}/1000.500x500.webp`,
    ];
    for (const key of keys) await storage.put(key, new Uint8Array([1]), "image/webp");
    await t.db.update(profiles).set({ profilePhotoUrl: url }).where(eq(profiles.id, m.id));
    const result = await uploadProfilePhoto(t.db, storage, m.actor, await png(600, 600), {
      now: new Date(3_000),
    });
    expect(result.ok).toBe(true);
    for (const key of keys) expect(await storage.list(key)).toEqual([key]);
  });

  it("a photo whose save fails is deleted and the previous one kept; a failed delete is only logged", async () => {
    const m = await member();
    const folder = `profile-images/${m.id}/`;
    await uploadProfilePhoto(t.db, storage, m.actor, await png(600, 600), { now: new Date(1_000) });
    const logged: string[] = [];
    const log = (_: unknown, message: string) => void logged.push(message);
    // No profile row: the save fails after the files were written.
    const ghost: Actor = { id: "no-such-member", role: "user", status: "approved" };
    expect(
      await uploadProfilePhoto(t.db, storage, ghost, await png(600, 600), { log }),
    ).toMatchObject({ ok: false, status: 500 });
    expect(await storage.list("profile-images/no-such-member/")).toEqual([]);
    expect(logged).toEqual(["profile photo save"]);

    // Storage that cannot delete: the new photo is saved all the same.
    logged.length = 0;
    const noDelete = {
      ...storage,
      deletePrefix: () => Promise.reject(new Error("storage offline")),
    };
    const result = await uploadProfilePhoto(t.db, noDelete, m.actor, await png(600, 600), {
      now: new Date(2_000),
      log,
    });
    expect(result).toMatchObject({ ok: true, url: `/uploads/${folder}2000.500x500.webp` });
    expect(logged).toEqual([`profile photo cleanup of ${folder}1000.`]);
    expect((await profileRow(m.id)).profilePhotoUrl).toBe(`/uploads/${folder}2000.500x500.webp`);
    expect(await storage.list(`${folder}1000.`)).toHaveLength(4);
  });

  it("refuses a renamed non-image, an oversized file and a decompression bomb", async () => {
    const m = await member();
    const text = new TextEncoder().encode("<?php echo 'hi'; ?>");
    expect(await uploadProfilePhoto(t.db, storage, m.actor, text)).toEqual({
      ok: false,
      status: 400,
      error: "Only JPG, PNG, and WebP images are allowed",
    });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await png(10, 10));
    expect(await uploadProfilePhoto(t.db, storage, m.actor, big)).toEqual({
      ok: false,
      status: 413,
      error: "File size must be less than 5MB",
    });
    // A PNG that claims 40,000 × 40,000 pixels (1.6 billion) in a few hundred bytes.
    const bomb = pngClaiming(40_000, 40_000);
    expect(bomb.byteLength).toBeLessThan(5 * 1024 * 1024);
    expect(await uploadProfilePhoto(t.db, storage, m.actor, bomb)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect((await profileRow(m.id)).profilePhotoUrl).toBeNull();
  });
});

describe("public profile", () => {
  it("shows counts, published posts only, and User not found with 404", async () => {
    const mentor = await member("mentor", "approved", { fullName: "Meera Mentor" });
    await createPost(t.db, { authorId: mentor.id, title: "Live" });
    await createPost(t.db, { authorId: mentor.id, status: "draft", publishedAt: null });
    await createPost(t.db, { authorId: mentor.id, publishedAt: new Date(Date.now() + 86_400_000) });
    const page = await loadProfilePage(t.db, mentor.username.toUpperCase(), null);
    expect(page).toMatchObject({
      postCount: 1,
      followerCount: 0,
      isOwner: false,
      canFollow: false,
    });
    expect(page!.posts.map((p) => p.title)).toEqual(["Live"]);

    expect(await loadProfilePage(t.db, "nobody_here", null)).toBeNull();
    const blocked = await member("mentor", "blocked");
    expect(await loadProfilePage(t.db, blocked.username, null)).toBeNull();
    expect(await loadProfilePage(t.db, "../etc", null)).toBeNull();
  });

  it("owner sees Edit Profile; others Follow or Unfollow", async () => {
    const mentor = await member("mentor");
    const fan = await member("user");
    expect(await loadProfilePage(t.db, mentor.username, mentor.actor)).toMatchObject({
      isOwner: true,
      canFollow: false,
    });
    expect(await loadProfilePage(t.db, mentor.username, fan.actor)).toMatchObject({
      canFollow: true,
      following: false,
    });
    await follow(t.db, fan.actor, { id: mentor.id, role: "mentor" });
    expect(await loadProfilePage(t.db, mentor.username, fan.actor)).toMatchObject({
      following: true,
      followerCount: 1,
    });
    // A plain user's page has no Follow button.
    expect(await loadProfilePage(t.db, fan.username, mentor.actor)).toMatchObject({
      canFollow: false,
    });
    expect(await loadProfilePage(t.db, mentor.username, fan.actor)).toMatchObject({
      viewerAwaitingApproval: false,
    });
  });

  it("a member awaiting approval sees Follow, marked so that it is shown disabled", async () => {
    const mentor = await member("mentor");
    const waiting = await member("user", "pending");
    expect(await loadProfilePage(t.db, mentor.username, waiting.actor)).toMatchObject({
      canFollow: true,
      following: false,
      viewerAwaitingApproval: true,
    });
    expect(await loadProfilePage(t.db, mentor.username, null)).toMatchObject({
      canFollow: false,
      viewerAwaitingApproval: false,
    });
  });
});

describe("follows: the permission matrix", () => {
  it("user, mentor and admin may follow mentors and admins, never themselves or plain users", async () => {
    const mentor = await member("mentor");
    const admin = await member("admin");
    const plain = await member("user");
    for (const actorRole of ["user", "mentor", "admin"] as const) {
      const a = await member(actorRole);
      expect(await follow(t.db, a.actor, { id: mentor.id, role: "mentor" })).toEqual({
        ok: true,
        changed: true,
      });
      expect(await follow(t.db, a.actor, { id: admin.id, role: "admin" })).toEqual({
        ok: true,
        changed: true,
      });
      expect(await follow(t.db, a.actor, { id: mentor.id, role: "mentor" })).toEqual({
        ok: true,
        changed: false,
      });
      expect(await follow(t.db, a.actor, { id: plain.id, role: "user" })).toEqual({
        ok: false,
        status: 403,
      });
      expect(await follow(t.db, a.actor, { id: a.id, role: actorRole })).toEqual({
        ok: false,
        status: 403,
      });
    }
    expect(await followerCount(t.db, mentor.id)).toBe(3);
    expect(await followerCount(t.db, plain.id)).toBe(0);
  });

  it("pending and blocked members cannot follow", async () => {
    const mentor = await member("mentor");
    for (const status of ["pending", "blocked"] as const) {
      const a = await member("user", status);
      expect(await follow(t.db, a.actor, { id: mentor.id, role: "mentor" })).toEqual({
        ok: false,
        status: 403,
      });
    }
    expect(await t.db.select().from(follows)).toHaveLength(0);
  });

  it("a new follow notifies the followed member with the follower's username and full name, once", async () => {
    const mentor = await member("mentor");
    const fan = await member("user", "approved", { fullName: "Ravi Kumar" });
    await follow(t.db, fan.actor, { id: mentor.id, role: "mentor" });
    await follow(t.db, fan.actor, { id: mentor.id, role: "mentor" });
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, mentor.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "follow",
      title: "New follower",
      message: `Ravi Kumar (@${fan.username}) started following you`,
      link: `/user/${fan.username}`,
      isRead: false,
    });
    expect(await unfollow(t.db, fan.actor, mentor.id)).toEqual({ ok: true, changed: true });
    expect(await followerCount(t.db, mentor.id)).toBe(0);
  });

  it("Follow, Unfollow, Follow within 24 hours notifies once; a day later it notifies again", async () => {
    const mentor = await member("mentor");
    const fan = await member("user");
    const other = await member("user");
    const notified = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, mentor.id))).length;
    await follow(t.db, fan.actor, { id: mentor.id, role: "mentor" });
    await unfollow(t.db, fan.actor, mentor.id);
    expect(await follow(t.db, fan.actor, { id: mentor.id, role: "mentor" })).toEqual({
      ok: true,
      changed: true,
    });
    expect(await followerCount(t.db, mentor.id)).toBe(1);
    expect(await notified()).toBe(1);
    // Another follower is news, even within the day.
    await follow(t.db, other.actor, { id: mentor.id, role: "mentor" });
    expect(await notified()).toBe(2);
    // Read or not, the first notification is 25 hours old: following again notifies.
    await t.db
      .update(notifications)
      .set({ isRead: true, createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(notifications.link, `/user/${fan.username}`));
    await unfollow(t.db, fan.actor, mentor.id);
    await follow(t.db, fan.actor, { id: mentor.id, role: "mentor" });
    expect(await notified()).toBe(3);
  });
});
