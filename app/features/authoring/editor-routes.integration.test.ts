import { streamedPost } from "#tests/support/streamed-post";
import { beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "~/features/accounts/permissions";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { loadPostForEdit } from "./posts-admin.server";
import { requireOrHome } from "~/features/accounts/permissions.server";
import { saveInEditor } from "#tests/support/editor-save";
import { valuesOf } from "./editor.server";
import { SAVE_MESSAGES } from "./post-rules";
import { anyString } from "#tests/support/json";

const t = testDatabaseForThisFile();
let mentor: Actor;

beforeEach(async () => {
  const u = await createUser(t.db, { role: "mentor" });
  mentor = { id: u.id, role: "mentor", status: "approved" };
});

function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return new Request("http://localhost/create-post", { method: "POST", body });
}

/** The save's form as a stream that records, in `pulled`, when it is first read. */
function savePosted(body: string, pulled: string[]) {
  return streamedPost(body, pulled, { url: "http://localhost/create-post" });
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

describe("route guards", () => {
  it("sends visitors, pending, blocked and plain users to /; lets mentors and admins in", () => {
    const roles: (Actor | null)[] = [
      null,
      { id: "p", role: "mentor", status: "pending" },
      { id: "b", role: "admin", status: "blocked" },
      { id: "u", role: "user", status: "approved" },
    ];
    for (const actor of roles) {
      let location = "";
      try {
        requireOrHome(actor, "post.write");
      } catch (error) {
        location = (error as Response).headers.get("Location") ?? "";
      }
      expect(location).toBe("/");
    }
    expect(requireOrHome(mentor, "post.write")).toBe(mentor);
    expect(requireOrHome({ id: "a", role: "admin", status: "approved" }, "post.write").role).toBe(
      "admin",
    );
  });
});

describe("the save action", () => {
  it("Publish goes to the post; Save as draft back to the editor; each with its toast", async () => {
    const flashOf = (res: Response) =>
      /fb_flash=([a-z-]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
    const published = await thrown(
      saveInEditor(t.db, mentor, post({ title: "Live now", intent: "publish" })),
    );
    expect(published.headers.get("Location")).toBe("/post/live-now");
    expect(flashOf(published)).toBe("post-published");
    const draft = await thrown(
      saveInEditor(t.db, mentor, post({ title: "Not yet", intent: "draft" })),
    );
    expect(draft.headers.get("Location")).toBe("/edit-post/not-yet");
    expect(flashOf(draft)).toBe("post-draft");
    const scheduled = await thrown(
      saveInEditor(
        t.db,
        mentor,
        post({ title: "Later", intent: "publish", publish_at: "2999-01-01T10:00" }),
      ),
    );
    expect(scheduled.headers.get("Location")).toBe("/edit-post/later");
    expect(flashOf(scheduled)).toBe("post-scheduled");
    // Publishing a post that is public already is an update.
    const live = await loadPostForEdit(t.db, mentor, "live-now");
    if (!live.ok) throw new Error(live.error);
    const updated = await thrown(
      saveInEditor(
        t.db,
        mentor,
        post({ ...valuesOf(live.post), title: "Live now, edited", intent: "publish" }),
      ),
    );
    expect(updated.headers.get("Location")).toBe("/post/live-now");
    expect(flashOf(updated)).toBe("post-updated");
  });

  it("an error answers the spec's message and everything typed", async () => {
    const result = (await saveInEditor(
      t.db,
      mentor,
      post({ title: "", excerpt: "keep me", tags: "a, b", intent: "publish" }),
    )) as unknown as { init: { status: number }; data: Record<string, unknown> };
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({
      ok: false,
      error: "Error: Title is required",
      values: { excerpt: "keep me", tags: "a, b" },
    });
    // Refused before the body is read (docs/decisions/0253): nothing typed comes back, the browser keeps it.
    const denied = (await saveInEditor(
      t.db,
      null,
      post({ title: "x", intent: "publish" }),
    )) as unknown as { init: { status: number }; data: Record<string, unknown> };
    expect(denied.init.status).toBe(401);
    expect(denied.data).toEqual({
      ok: false,
      status: 401,
      error: SAVE_MESSAGES.authorId,
      fieldErrors: {},
    });
  });

  it("refuses a visitor's 9 MB save with 401, a plain user's with 403, without reading the body", async () => {
    const user: Actor = { id: "u", role: "user", status: "approved" };
    for (const [who, status, error] of [
      [null, 401, SAVE_MESSAGES.authorId],
      [{ id: "b", role: "mentor", status: "blocked" } as Actor, 401, SAVE_MESSAGES.authorId],
      [user, 403, SAVE_MESSAGES.role],
    ] as const) {
      const pulled: string[] = [];
      const result = (await saveInEditor(
        t.db,
        who,
        savePosted(`intent=autosave&title=${"a".repeat(9 * 1024 * 1024)}`, pulled),
      )) as unknown as { init: { status: number }; data: Record<string, unknown> };
      expect(result.init.status).toBe(status);
      expect(result.data).toEqual({ ok: false, status, error, fieldErrors: {} });
      expect(pulled).toEqual([]);
    }
    // A held admin is sent to set up two-factor, still without a byte read.
    const pulled: string[] = [];
    const held = { id: "h", role: "admin", status: "approved", adminNeedsTwoFactor: true } as const;
    const sent = await thrown(saveInEditor(t.db, held, savePosted("title=x", pulled)));
    expect(sent.headers.get("Location")).toMatch(/^\/settings\/two-factor/);
    expect(pulled).toEqual([]);
  });

  it("autosave answers JSON with the id and time; unticked checkboxes read as off", async () => {
    const result = (await saveInEditor(
      t.db,
      mentor,
      post({ title: "Auto", intent: "autosave" }),
    )) as unknown as { data: { ok: boolean; id: string; lastAutosave: string } };
    expect(result.data).toMatchObject({ ok: true, id: anyString() });
    expect(Date.parse(result.data.lastAutosave)).not.toBeNaN();
    const loaded = await loadPostForEdit(t.db, mentor, "auto");
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.post).toMatchObject({ status: "draft", sidebarEnabled: false });
    expect(valuesOf(loaded.post)).toMatchObject({
      id: result.data.id,
      title: "Auto",
      sidebar_enabled: "",
    });
  });
});
