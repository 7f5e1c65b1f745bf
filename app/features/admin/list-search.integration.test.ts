/**
 * The Users and Posts tabs' searches and the Posts tab's author sort after
 * they moved onto indexes (docs/milestones.md#issue-19-administration-on-a-phone-and-at-scale, decision 0150): the search matches a
 * text anywhere in the username, the name or the e-mail (users) and in the
 * title or the author's username or name (posts), whatever its case, with
 * % and _ matching themselves and nothing matching across the username and
 * the name; a post matching twice is counted once. The author sort reads
 * posts.author_username, which triggers keep whichever way the author
 * changes. Only admins may list.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "~/features/accounts/permissions";
import { posts, profiles } from "#server/db/schema";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { changeAuthor, listAdminPosts } from "./posts-tab.server";
import { listUsers } from "./users.server";

const t = testDatabaseForThisFile();

async function anAdmin(): Promise<Actor> {
  const boss = await createUser(t.db, { role: "admin", username: "zz_boss" });
  return { id: boss.id, role: "admin", status: "approved" };
}

const usernames = (page: Awaited<ReturnType<typeof listUsers>>) =>
  page.users.map((u) => u.username).sort();
const titles = (page: Awaited<ReturnType<typeof listAdminPosts>>) => page.posts.map((p) => p.title);

describe("the users search", () => {
  it("finds a text in the username, the name or the e-mail, whatever its case", async () => {
    const admin = await anAdmin();
    await createUser(t.db, { username: "asha_rao", fullName: "Asha Rao", email: "a@one.example" });
    await createUser(t.db, {
      username: "ben_k",
      fullName: "Benedict Kumar",
      email: "bk@two.example",
    });
    await createUser(t.db, { username: "chi", fullName: null, email: "CHI@Three.example" });

    expect(usernames(await listUsers(t.db, admin, { query: "ASHA" }))).toEqual(["asha_rao"]);
    expect(usernames(await listUsers(t.db, admin, { query: "dict ku" }))).toEqual(["ben_k"]);
    expect(usernames(await listUsers(t.db, admin, { query: "three.EX" }))).toEqual(["chi"]);
    const both = await listUsers(t.db, admin, { query: ".example", sort: "user", dir: "asc" });
    expect(both.total).toBe(3);
    expect(both.users.map((u) => u.username)).toEqual(["asha_rao", "ben_k", "chi"]);
    expect((await listUsers(t.db, admin, { query: "nobody" })).total).toBe(0);
  });

  it("matches % and _ as themselves, and nothing across the username and the name", async () => {
    const admin = await anAdmin();
    await createUser(t.db, { username: "pct_user", fullName: "Sale 50% off" });
    await createUser(t.db, { username: "pctxuser", fullName: "Sale 500 off" });

    expect(usernames(await listUsers(t.db, admin, { query: "50%" }))).toEqual(["pct_user"]);
    expect(usernames(await listUsers(t.db, admin, { query: "pct_u" }))).toEqual(["pct_user"]);
    // "pct_user" then "Sale…": a text spanning both (with the newline between them) matches
    // neither, however it is typed.
    expect((await listUsers(t.db, admin, { query: "user sale" })).total).toBe(0);
    expect((await listUsers(t.db, admin, { query: "user\nsale" })).total).toBe(0);
  });
});

describe("the posts search", () => {
  it("finds a text in the title or the author's username or name, each post once", async () => {
    const admin = await anAdmin();
    const maya = await createUser(t.db, {
      role: "mentor",
      username: "maya_visa",
      fullName: "Maya Iyer",
      email: "hiring@mail.example",
    });
    const other = await createUser(t.db, { role: "mentor", username: "ravi", fullName: "Ravi" });
    await createPost(t.db, { authorId: maya.id, title: "Visa timelines" });
    await createPost(t.db, { authorId: maya.id, title: "Opening a bank account" });
    await createPost(t.db, { authorId: other.id, title: "Hiring your first engineer" });
    await createPost(t.db, { authorId: other.id, title: "Tax basics" });

    // Title and author both match the first post: counted and shown once.
    const visa = await listAdminPosts(t.db, admin, { query: "VISA", sort: "title", dir: "asc" });
    expect([visa.total, titles(visa)]).toEqual([2, ["Opening a bank account", "Visa timelines"]]);
    const byName = await listAdminPosts(t.db, admin, { query: "iyer", sort: "title" });
    expect(titles(byName)).toEqual(["Opening a bank account", "Visa timelines"]);
    // The title, not the author's e-mail.
    expect(titles(await listAdminPosts(t.db, admin, { query: "hiring" }))).toEqual([
      "Hiring your first engineer",
    ]);
    // With a filter and a page: the search narrows the filtered list.
    const drafts = await listAdminPosts(t.db, admin, { query: "maya", status: "draft" });
    expect(drafts.total).toBe(0);
  });
});

describe("the posts sorted by author", () => {
  it("follow the author's username, also after Change author and a renamed member", async () => {
    const admin = await anAdmin();
    const names = ["srt_carol", "srt_alice", "srt_bob"];
    const ids: Record<string, string> = {};
    for (const name of names) {
      ids[name] = (await createUser(t.db, { role: "mentor", username: name })).id;
    }
    const post = async (title: string, author: string) =>
      (await createPost(t.db, { authorId: ids[author]!, title })).id;
    const p1 = await post("One", "srt_carol");
    await post("Two", "srt_alice");
    await post("Three", "srt_bob");
    const order = async (dir: "asc" | "desc") =>
      (await listAdminPosts(t.db, admin, { query: "srt_", sort: "author", dir })).posts.map(
        (p) => `${p.title}:${p.authorUsername}`,
      );

    expect(await order("asc")).toEqual(["Two:srt_alice", "Three:srt_bob", "One:srt_carol"]);
    expect(await order("desc")).toEqual(["One:srt_carol", "Three:srt_bob", "Two:srt_alice"]);

    // The admin's Change author: the post moves to its new author's place.
    expect((await changeAuthor(t.db, admin, p1, ids.srt_alice!)).ok).toBe(true);
    // (Two posts by one author come in the order of their ids, which are random.)
    expect((await order("asc")).sort()).toEqual([
      "One:srt_alice",
      "Three:srt_bob",
      "Two:srt_alice",
    ]);
    expect((await order("asc")).map((row) => row.split(":")[1])).toEqual([
      "srt_alice",
      "srt_alice",
      "srt_bob",
    ]);
    // Any other write of author_id, and a username changed in SQL, are kept too.
    await t.db.update(posts).set({ authorId: ids.srt_carol! }).where(eq(posts.id, p1));
    await t.db.execute(sql`UPDATE users SET username = 'srt_aaron' WHERE id = ${ids.srt_bob!}`);
    await t.db.update(profiles).set({ username: "srt_aaron" }).where(eq(profiles.id, ids.srt_bob!));
    expect(await order("asc")).toEqual(["Three:srt_aaron", "Two:srt_alice", "One:srt_carol"]);
    const keys = await t.db
      .select({ key: posts.authorUsername, author: profiles.username })
      .from(posts)
      .innerJoin(profiles, eq(profiles.id, posts.authorId));
    for (const row of keys) expect(row.key).toBe(row.author);
  });

  it("are refused to every role but admin", async () => {
    const member = await createUser(t.db, { role: "mentor" });
    for (const actor of [
      null,
      { id: member.id, role: "user", status: "approved" },
      { id: member.id, role: "user", status: "pending" },
      { id: member.id, role: "mentor", status: "approved" },
      { id: member.id, role: "admin", status: "blocked" },
    ] as const) {
      await expect(listAdminPosts(t.db, actor, { query: "x", sort: "author" })).rejects.toThrow();
      await expect(listUsers(t.db, actor, { query: "x" })).rejects.toThrow();
    }
  });
});
