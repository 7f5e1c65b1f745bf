/**
 * The admin forms' zod schemas (category editor, redirects, broadcast,
 * banned words, the dashboard's query string): every message, in the order
 * the form shows them, and the typed values a refused form shows again.
 */
import { describe, expect, it } from "vitest";
import { readForm, readQuery } from "~/lib/read-input.server";
import {
  bannedWordSchema,
  bannedWordsActionForm,
  BANNED_WORD_MESSAGES,
} from "./banned-words-page.server";
import {
  BROADCAST_MESSAGES,
  broadcastFormValues,
  validateBroadcast,
  type BroadcastForm,
} from "./broadcasts.server";
import {
  CATEGORY_EDITOR_MESSAGES,
  categoryFormSchema,
  categoryFormValues,
} from "./category-editor.server";
import {
  DASHBOARD_MESSAGES,
  dashboardActionForm,
  dashboardViewQuery,
} from "./dashboard-view.server";
import {
  REDIRECT_MESSAGES,
  redirectFormValues,
  redirectsActionForm,
  validateRedirect,
} from "./redirects-page.server";

const post = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of [value].flat()) body.append(name, v);
  }
  return new Request("http://localhost/admin", { method: "POST", body });
};
const firstMessage = (
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
  },
  value: unknown,
) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error!.issues[0]!.message;
};

describe("the category editor's schema", () => {
  const ok = {
    name: "Growth",
    slug: "growth-marketing",
    description: "",
    sidebar_widget: "",
    sidebar_widget_2: "",
  };
  it("asks for name and slug first, with the spec's message", async () => {
    for (const blank of [{ name: " " }, { slug: "" }, { name: "x".repeat(101), slug: "" }]) {
      expect(firstMessage(categoryFormSchema, { ...ok, ...blank })).toBe(
        "Name and slug are required",
      );
    }
    const read = await readForm(post({ name: "  ", slug: "a" }), categoryFormSchema);
    expect(read).toMatchObject({
      ok: false,
      problem: "invalid",
      message: CATEGORY_EDITOR_MESSAGES.required,
    });
    // What was typed comes back as the form's values.
    expect(categoryFormValues.parse(read.fields)).toEqual({
      ...ok,
      name: "  ",
      slug: "a",
      description: "",
    });
  });
  it("refuses a long name, a bad slug, a long description and a bad widget", () => {
    expect(firstMessage(categoryFormSchema, { ...ok, name: "x".repeat(101) })).toBe(
      "Name must be at most 100 characters",
    );
    for (const slug of ["Growth", "a--b", "-a", "a b", "a".repeat(101)]) {
      expect(firstMessage(categoryFormSchema, { ...ok, slug })).toBe(
        CATEGORY_EDITOR_MESSAGES.badSlug,
      );
    }
    expect(firstMessage(categoryFormSchema, { ...ok, description: "d".repeat(2001) })).toBe(
      "Description must be at most 2000 characters",
    );
    for (const widget of ["{", '{"type":"video"}', '{"type":"image","image_url":"javascript:x"}']) {
      expect(firstMessage(categoryFormSchema, { ...ok, sidebar_widget_2: widget })).toBe(
        "A sidebar widget is not valid",
      );
    }
  });
  it("gives the trimmed input, widgets parsed", () => {
    expect(
      categoryFormSchema.parse({
        ...ok,
        name: " Growth ",
        description: "  ",
        sidebar_widget: '{"type":"text","content":"Hi"}',
        sidebar_widget_2: "null",
      }),
    ).toEqual({
      name: "Growth",
      slug: "growth-marketing",
      description: null,
      sidebarWidget: { type: "text", order: 0, content: "Hi" },
      sidebarWidget2: null,
    });
  });
});

describe("the redirect form's schema", () => {
  const ok = { fromPath: "/old", toPath: "/new", statusCode: "301", notes: "" };
  it("asks for both paths with the spec's message, before any other rule", () => {
    for (const missing of [
      { fromPath: " " },
      { toPath: "" },
      { fromPath: "x".repeat(3000), toPath: "" },
    ]) {
      expect(validateRedirect({ ...ok, ...missing })).toEqual({
        ok: false,
        error: "Please fill in both From Path and To Path",
      });
    }
  });
  it("says what else is wrong, in the form's order", () => {
    const error = (values: Partial<typeof ok>) => {
      const result = validateRedirect({ ...ok, ...values });
      return result.ok ? null : result.error;
    };
    expect(error({ toPath: "/" + "x".repeat(2000) })).toBe(REDIRECT_MESSAGES.tooLong);
    expect(error({ fromPath: "old" })).toBe(REDIRECT_MESSAGES.badFrom);
    expect(error({ fromPath: "/admin/x" })).toBe(REDIRECT_MESSAGES.reservedFrom);
    expect(error({ toPath: "javascript:alert(1)" })).toBe(REDIRECT_MESSAGES.badTo);
    expect(error({ statusCode: "303" })).toBe("Status code must be 301, 302, 307 or 308");
    expect(error({ notes: "n".repeat(501) })).toBe(REDIRECT_MESSAGES.notesTooLong);
    expect(error({ fromPath: "old", toPath: "ftp://x" })).toBe(REDIRECT_MESSAGES.badFrom);
    expect(validateRedirect({ ...ok, statusCode: "", notes: " why " })).toEqual({
      ok: true,
      input: { fromPath: "/old", toPath: "/new", statusCode: 301, notes: "why" },
    });
  });
  it("reads the action's fields as typed; a field sent twice counts as not sent", async () => {
    const read = await readForm(
      post({ intent: "create", fromPath: ["/a", "/b"], toPath: "/c", id: "x" }),
      redirectsActionForm,
    );
    expect(read).toMatchObject({
      ok: true,
      data: {
        intent: "create",
        id: "x",
        fromPath: "",
        toPath: "/c",
        statusCode: "301",
        notes: "",
        confirmed: "",
      },
    });
    expect(redirectFormValues.parse({})).toEqual({
      fromPath: "",
      toPath: "",
      statusCode: "301",
      notes: "",
    });
  });
});

describe("the broadcast form's schema", () => {
  const ok: BroadcastForm = {
    title: "Hello",
    message: "",
    link: "/events",
    roleFilter: "all",
    statusFilter: "approved",
  };
  const error = (values: Partial<BroadcastForm>) => {
    const result = validateBroadcast({ ...ok, ...values });
    return result.ok ? null : result.error;
  };
  it("asks for title and link with the spec's message, before any other rule", () => {
    expect(error({ title: "  " })).toBe("Please fill in both title and link fields");
    expect(error({ link: "" })).toBe("Please fill in both title and link fields");
    expect(error({ link: "", roleFilter: "nobody" })).toBe(BROADCAST_MESSAGES.missing);
  });
  it("says what else is wrong, in the form's order", () => {
    expect(error({ title: "t".repeat(101) })).toBe("Title must be at most 100 characters");
    expect(error({ title: "é".repeat(100) })).toBeNull();
    expect(error({ message: "m".repeat(501) })).toBe("Message must be at most 500 characters");
    expect(error({ link: "//evil.example" })).toBe(BROADCAST_MESSAGES.badLink);
    expect(error({ roleFilter: "guest" })).toBe(BROADCAST_MESSAGES.badRole);
    expect(error({ statusFilter: "gone" })).toBe(BROADCAST_MESSAGES.badStatus);
  });
  it("falls back to the title for an empty message (docs/product/administration.md)", () => {
    expect(validateBroadcast({ ...ok, title: " Hello ", message: "  " })).toEqual({
      ok: true,
      input: {
        title: "Hello",
        message: "Hello",
        link: "/events",
        roleFilter: "all",
        statusFilter: "approved",
      },
    });
    expect(broadcastFormValues.parse({})).toEqual({ ...ok, title: "", link: "" });
  });
});

describe("the banned word's schema", () => {
  it("keeps the stored form and the messages", () => {
    expect(bannedWordSchema.parse("  Get  RICH ")).toBe("get rich");
    expect(firstMessage(bannedWordSchema, "   ")).toBe(BANNED_WORD_MESSAGES.required);
    expect(firstMessage(bannedWordSchema, "w".repeat(101))).toBe(BANNED_WORD_MESSAGES.tooLong);
    expect(bannedWordsActionForm.parse({ intent: "add", word: ["a", "b"] })).toEqual({
      intent: "add",
      word: null,
      id: null,
      confirmed: "",
    });
  });
});

describe("the dashboard's query and form", () => {
  const view = (query: string) =>
    readQuery(new URL(`http://localhost/admin?${query}`), dashboardViewQuery);
  it("reads the tab, the search and the page", () => {
    const none = { sort: null, dir: null, role: null, status: null, category: "" };
    expect(view("")).toEqual({ ok: true, data: { tab: "overview", q: "", page: null, ...none } });
    expect(view("tab=users&q=+asha+&page=3")).toEqual({
      ok: true,
      data: { tab: "users", q: "asha", page: 3, ...none },
    });
    expect(view("tab=posts&sort=title&dir=asc&status=draft&category=guides")).toEqual({
      ok: true,
      data: {
        tab: "posts",
        q: "",
        page: null,
        sort: "title",
        dir: "asc",
        role: null,
        status: "draft",
        category: "guides",
      },
    });
  });
  it("refuses each with its message, the tab first", () => {
    expect(view("tab=secret&page=0")).toEqual({
      ok: false,
      message: DASHBOARD_MESSAGES.unknownTab,
    });
    expect(view("tab=")).toEqual({ ok: false, message: "Unknown dashboard section" });
    expect(view(`q=${"q".repeat(201)}`)).toMatchObject({
      ok: false,
      message: DASHBOARD_MESSAGES.searchTooLong,
    });
    expect(view("page=01")).toEqual({ ok: false, message: "Page must be a whole number from 1" });
  });
  it("reads an id sent once, not empty and at most 200 long", () => {
    const form = dashboardActionForm.parse({
      intent: "block",
      userId: "x".repeat(201),
      postId: ["a", "b"],
      authorId: "",
    });
    expect(form).toMatchObject({
      intent: "block",
      userId: null,
      postId: null,
      authorId: null,
      categoryId: null,
    });
    expect(DASHBOARD_MESSAGES.chooseUser).toBe("Invalid request: choose an action and a user");
  });
});
