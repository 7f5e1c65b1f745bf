/** The comment routes' zod schemas: the form as typed and the /api/comments query. */
import { describe, expect, it } from "vitest";
import { readQuery } from "~/lib/read-input.server";
import { commentActionForm, commentsPageQuery } from "./comment-form.server";
import { postCommentsQuery } from "./comments.server";

const id = "00000000-0000-4000-8000-000000000001";
const query = (search: string) =>
  readQuery(new URL(`http://localhost/api/comments?${search}`), commentsPageQuery);

describe("the comment form", () => {
  it("reads what was typed, and only a post page to go back to", () => {
    expect(
      commentActionForm.parse({
        intent: "like",
        commentId: id,
        liked: "false",
        js: "1",
        returnTo: "//evil",
      }),
    ).toEqual({
      intent: "like",
      postId: "",
      content: "",
      parentId: null,
      commentId: id,
      liked: false,
      js: true,
      returnTo: "/",
    });
    expect(commentActionForm.parse({ liked: "maybe", returnTo: "/post/a-b" })).toMatchObject({
      liked: undefined,
      js: false,
      returnTo: "/post/a-b",
    });
  });
});

describe("the comments query", () => {
  it("reads the post, the offset and the limit, with their defaults", () => {
    expect(query(`postId=${id}`)).toEqual({ ok: true, data: { postId: id, offset: 0, limit: 5 } });
    expect(query(`postId=${id}&offset=10&limit=100`)).toMatchObject({
      data: { offset: 10, limit: 100 },
    });
  });
  it("refuses a missing post, a bad offset or a limit out of range", () => {
    for (const bad of [
      "",
      "postId=x",
      `postId=${id}&offset=-1`,
      `postId=${id}&offset=1.5`,
      `postId=${id}&offset=100001`,
      `postId=${id}&limit=0`,
      `postId=${id}&limit=101`,
      `postId=${id}&limit=abc`,
    ]) {
      expect([bad, query(bad).ok]).toEqual([bad, false]);
    }
  });
  it("shows 5 comments on the post page unless ?comments= asks for a multiple of 5", () => {
    const shown = (search: string) =>
      readQuery(new URL(`http://localhost/post/a?${search}`), postCommentsQuery);
    expect(shown("")).toEqual({ ok: true, data: { comments: 5 } });
    expect(shown("comments=15")).toEqual({ ok: true, data: { comments: 15 } });
    expect(shown("comments=7")).toEqual({ ok: true, data: { comments: 5 } });
  });
});
