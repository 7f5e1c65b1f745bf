import { describe, expect, it } from "vitest";
import type { PostView } from "~/features/posts/types";
import { bodyInMarkupOnly } from "./post-page.server";

// Decision 0160: the page's own post sends its body in the markup only.
const view = {
  post: { id: "p1", title: "A post" },
  html: "<p>The body, once.</p>",
  description: "A post",
} as unknown as PostView;

describe("bodyInMarkupOnly", () => {
  it("leaves the body out of what is serialised, readable by the server's render", () => {
    const document = bodyInMarkupOnly(view, false);
    expect(document.html).toBe("<p>The body, once.</p>");
    expect(document.htmlInMarkup).toBe(true);
    expect(Object.keys(document)).not.toContain("html");
    expect(JSON.stringify(document)).not.toContain("The body, once.");
    // A copy: the cached view every request shares keeps its body.
    expect(document).not.toBe(view);
    expect(Object.keys(view)).toContain("html");
  });

  it("keeps the body in a client navigation's data, and an empty body as it is", () => {
    expect(bodyInMarkupOnly(view, true)).toBe(view);
    const empty = { ...view, html: "" } as PostView;
    expect(bodyInMarkupOnly(empty, false)).toBe(empty);
  });
});
