// @vitest-environment jsdom
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { render, step, waitFor, type Rendered } from "~/components/ui/dom.test-helper";
import type { CommentPage, CommentView } from "./comments.server";
import { Conversation } from "./conversation";

// The race a journey met (CI, stop 40): the fresh list load that starts as the
// section nears the viewport was asked for before a like, answered after it,
// and put the old count back.

const comment = (likeCount: number, likedByMe: boolean): CommentView => ({
  id: "c1",
  content: "From the buyer side at a bank",
  createdAt: "2026-11-01T10:00:00.000Z",
  likeCount,
  likedByMe,
  canDelete: false,
  hidden: false,
  canReport: false,
  author: { username: "daniel", name: "Daniel Okafor", photoUrl: null, role: "user" },
  mentions: [],
  replies: [],
});
const page = (c: CommentView): CommentPage => ({ comments: [c], hasMore: false, total: 1 });
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

let rendered: Rendered | undefined;
let releaseList: (() => void) | undefined;
let listAnswer: CommentPage;
let listRequests = 0;

beforeEach(() => {
  listRequests = 0;
  // The section is in view at once.
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe() {
        this.callback(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
      }
      disconnect() {}
    },
  );
  vi.stubGlobal("fetch", (url: string, init?: RequestInit) => {
    if (init?.method === "POST") {
      const liked = new URLSearchParams(init.body as URLSearchParams).get("liked") === "true";
      return Promise.resolve(json({ liked, likeCount: liked ? 4 : 3 }));
    }
    // The list: answered with what it read when asked, once released.
    listRequests += 1;
    const answer = listAnswer;
    return new Promise<Response>((resolve) => {
      releaseList = () => resolve(json(answer));
    });
  });
});

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.unstubAllGlobals();
});

async function show() {
  const router = createMemoryRouter(
    [
      {
        path: "/post/p",
        element: (
          <Conversation
            postId="p1"
            postPath="/post/p"
            commentCount={1}
            user={{
              username: "tom",
              fullName: "Tom",
              profilePhotoUrl: null,
              role: "user",
              status: "approved",
            }}
            initial={page(comment(3, false))}
          />
        ),
      },
    ],
    { initialEntries: ["/post/p"] },
  );
  rendered = await render(<RouterProvider router={router} />);
}

const likeButton = () =>
  [...document.querySelectorAll("button")].find((b) => /^Like/.test(b.textContent ?? ""))!;

it("a list asked for before a like, answered after it, does not undo the like", async () => {
  listAnswer = page(comment(3, false));
  await show();
  expect(listRequests).toBe(1);
  await step(() => likeButton().click());
  await waitFor(() => likeButton().textContent === "Liked (4)");
  await step(() => releaseList?.());
  expect(likeButton().textContent).toBe("Liked (4)");
  expect(likeButton().getAttribute("aria-pressed")).toBe("true");
});

it("a list answered before any click brings its counts (other members' likes)", async () => {
  listAnswer = page(comment(5, false));
  await show();
  expect(likeButton().textContent).toBe("Like (3)");
  await step(() => releaseList?.());
  expect(likeButton().textContent).toBe("Like (5)");
  await step(() => likeButton().click());
  await waitFor(() => likeButton().getAttribute("aria-pressed") === "true");
});
