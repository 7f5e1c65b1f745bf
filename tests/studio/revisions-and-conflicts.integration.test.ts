/**
 * docs/milestones.md#issue-18-the-writing-studio: every save by a person keeps a revision (autosaves do not), the
 * history lists, compares and restores them (a restore is a new revision),
 * keeps the last 50 and goes with the post; a save of a post someone else
 * saved since the editor opened it is refused, naming them, unless the
 * author chooses to save over it; an autosave never overwrites.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { postRevisions, posts } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import {
  listRevisions,
  recordRevision,
  restoreRevision,
  revisionDiff,
  REVISIONS_KEPT,
} from "~/features/authoring/revisions.server";
import { savePost } from "~/features/authoring/save-post.server";
import { createUser } from "#tests/support/factories";
import { sessionUserOf } from "#tests/support/session-user";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import type { SessionUser } from "~/features/accounts/session.server";
import { testServices } from "~/lib/services.server";
import { testContext } from "~/pipeline/test-context.server";
import { action as restoreAction } from "~/routes/api.post-revisions";

const t = testDatabaseForThisFile();
let author: Actor;
let admin: Actor;
let otherMentor: Actor;

beforeEach(async () => {
  const make = async (role: "mentor" | "admin", fullName: string): Promise<Actor> => ({
    id: (await createUser(t.db, { role, fullName })).id,
    role,
    status: "approved",
  });
  author = await make("mentor", "Meera Author");
  admin = await make("admin", "Asha Admin");
  otherMentor = await make("mentor", "Other Mentor");
});

async function save(actor: Actor, fields: Record<string, string>, at?: Date) {
  const result = await savePost(t.db, actor, fields, at ? { now: at } : {});
  return result;
}

async function newDraft() {
  const result = await save(author, {
    title: "First title",
    content: "<p>One two</p>",
    intent: "draft",
  });
  if (!result.ok) throw new Error(result.error);
  return result.post.id;
}

describe("revisions", () => {
  it("a person's save keeps one; an autosave does not; they are listed newest first", async () => {
    const id = await newDraft();
    await save(author, { id, title: "Autosaved title", content: "<p>x</p>", intent: "autosave" });
    await save(author, { id, title: "Second title", content: "<p>One three</p>", intent: "draft" });
    const list = (await listRevisions(t.db, author, id))!;
    expect(list.map((r) => r.title)).toEqual(["Second title", "First title"]);
    expect(list[0]!.savedBy).toBe("Meera Author");
    expect(await listRevisions(t.db, otherMentor, id)).toBeUndefined();
    expect((await listRevisions(t.db, admin, id))!.length).toBe(2);
  });

  it("compares a revision with the post now, word by word", async () => {
    const id = await newDraft();
    await save(author, { id, title: "First title", content: "<p>One three</p>", intent: "draft" });
    const [, first] = (await listRevisions(t.db, author, id))!;
    const diff = (await revisionDiff(t.db, author, id, first!.id))!;
    expect(diff.body.filter((p) => p.removed).map((p) => p.value.trim())).toEqual(["two"]);
    expect(diff.body.filter((p) => p.added).map((p) => p.value.trim())).toEqual(["three"]);
    expect(diff.title.every((p) => !p.added && !p.removed)).toBe(true);
    expect(await revisionDiff(t.db, otherMentor, id, first!.id)).toBeUndefined();
  });

  it("restores one, which is itself a new revision", async () => {
    const id = await newDraft();
    await save(author, { id, title: "Rewritten", content: "<p>Other</p>", intent: "draft" });
    const first = (await listRevisions(t.db, author, id))!.at(-1)!;
    expect(await restoreRevision(t.db, otherMentor, id, first.id)).toBeUndefined();
    expect(await restoreRevision(t.db, author, id, first.id)).toEqual({ slug: "rewritten" });
    const [post] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(post!.title).toBe("First title");
    expect(post!.content).toBe("<p>One two</p>");
    const list = (await listRevisions(t.db, author, id))!;
    expect(list.map((r) => r.title)).toEqual(["First title", "Rewritten", "First title"]);
  });

  it("keeps the last 50 per post", async () => {
    const id = await newDraft();
    const start = Date.now();
    for (let i = 0; i < REVISIONS_KEPT + 5; i++) {
      await recordRevision(t.db, {
        postId: id,
        title: `Version ${i}`,
        content: "<p>x</p>",
        excerpt: null,
        authorId: author.id,
        savedBy: author.id,
        at: new Date(start + (i + 1) * 1000),
      });
    }
    const list = (await listRevisions(t.db, author, id))!;
    expect(list).toHaveLength(REVISIONS_KEPT);
    expect(list[0]!.title).toBe(`Version ${REVISIONS_KEPT + 4}`);
    expect(list.at(-1)!.title).toBe("Version 5");
  });

  it("goes with the post", async () => {
    const id = await newDraft();
    await t.db.delete(posts).where(eq(posts.id, id));
    expect(await t.db.select().from(postRevisions)).toEqual([]);
  });
});

describe("no silent overwrite", () => {
  it("a stale save is refused, naming who saved and when; saving over it is allowed", async () => {
    const id = await newDraft();
    const [opened] = await t.db.select({ at: posts.updatedAt }).from(posts).where(eq(posts.id, id));
    const openedAt = opened!.at.toISOString();
    const later = new Date(Date.now() + 60_000);
    const theirs = await save(
      admin,
      { id, title: "Admin's edit", content: "<p>theirs</p>", intent: "draft", opened_at: openedAt },
      later,
    );
    expect(theirs.ok).toBe(true);

    const mine = await save(author, {
      id,
      title: "My edit",
      content: "<p>mine</p>",
      intent: "publish",
      opened_at: openedAt,
    });
    expect(mine.ok).toBe(false);
    if (mine.ok) return;
    expect(mine.status).toBe(409);
    expect(mine.conflict).toEqual({ by: "Asha Admin", at: later.toISOString() });
    expect(mine.error).toContain("Asha Admin saved this post at");
    let [post] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(post!.title).toBe("Admin's edit");

    const over = await save(author, {
      id,
      title: "My edit",
      content: "<p>mine</p>",
      intent: "draft",
      opened_at: openedAt,
      overwrite: "on",
    });
    expect(over.ok).toBe(true);
    [post] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(post!.title).toBe("My edit");
  });

  it("an autosave never overwrites someone else's save, even when asked to", async () => {
    const id = await newDraft();
    const [opened] = await t.db.select({ at: posts.updatedAt }).from(posts).where(eq(posts.id, id));
    const openedAt = opened!.at.toISOString();
    await save(
      admin,
      { id, title: "Admin's edit", intent: "draft" },
      new Date(Date.now() + 60_000),
    );
    const auto = await save(author, {
      id,
      title: "Typing…",
      intent: "autosave",
      opened_at: openedAt,
      overwrite: "on",
    });
    expect(auto.ok).toBe(false);
    if (!auto.ok) expect(auto.conflict?.by).toBe("Asha Admin");
    const [post] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(post!.title).toBe("Admin's edit");
  });

  it("one's own later saves and autosaves are not conflicts", async () => {
    const id = await newDraft();
    const [opened] = await t.db.select({ at: posts.updatedAt }).from(posts).where(eq(posts.id, id));
    const openedAt = opened!.at.toISOString();
    const later = new Date(Date.now() + 60_000);
    expect(
      (await save(author, { id, title: "A", intent: "autosave", opened_at: openedAt }, later)).ok,
    ).toBe(true);
    expect((await save(author, { id, title: "B", intent: "draft", opened_at: openedAt })).ok).toBe(
      true,
    );
  });
});

describe("POST /api/posts/:id/revisions (the restore action)", () => {
  /** The action's answer, thrown or returned: its status, location, flash cookie and body. */
  async function restore(actor: SessionUser | null, postId: string, body: BodyInit) {
    const request = new Request(`http://site.test/api/posts/${postId}/revisions`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    const context = testContext({ services: testServices({ db: t.db }), actor });
    const value: unknown = await restoreAction({ request, params: { id: postId }, context }).catch(
      (thrown: unknown) => thrown,
    );
    if (value instanceof Response) {
      return {
        status: value.status,
        location: value.headers.get("location"),
        cookie: value.headers.get("set-cookie"),
        body: value.status >= 400 ? ((await value.json()) as unknown) : null,
      };
    }
    const given = value as { data: unknown; init: ResponseInit | null };
    return { status: given.init?.status ?? 200, location: null, cookie: null, body: given.data };
  }

  it("answers 404 Not found to whoever may not restore, and to a body it cannot take", async () => {
    const id = await newDraft();
    const [first] = (await listRevisions(t.db, author, id))!;
    const form = `revision=${first!.id}`;
    const notFound = { status: 404, location: null, cookie: null, body: { error: "Not found" } };
    const reader = { id: (await createUser(t.db)).id, role: "user", status: "approved" } as const;
    expect(await restore(null, id, form)).toEqual(notFound);
    expect(await restore(sessionUserOf(reader), id, form)).toEqual(notFound);
    expect(await restore(sessionUserOf(otherMentor), id, form)).toEqual(notFound);
    expect(await restore(sessionUserOf(author), id, "revision=nope")).toEqual(notFound);
    expect(await restore(sessionUserOf(author), id, `revision=${"x".repeat(300 * 1024)}`)).toEqual(
      notFound,
    );
  });

  it("restores for the author and goes back to the editor with the flash", async () => {
    const id = await newDraft();
    const [first] = (await listRevisions(t.db, author, id))!;
    const answer = await restore(sessionUserOf(author), id, `revision=${first!.id}`);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/edit-post\//);
    expect(answer.cookie).toContain("post-restored");
  });
});
