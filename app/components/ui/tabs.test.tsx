import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LinkTabs } from "./tabs";

const html = (current: string) => {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        Component: () => (
          <LinkTabs
            label="Sections"
            current={current}
            tabs={[
              { id: "a", label: "Alpha", to: "/?tab=a" },
              { id: "b", label: "Beta", to: "/?tab=b" },
            ]}
          />
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

describe("LinkTabs", () => {
  it("a named navigation of links; the current tab says so", () => {
    const out = html("b");
    expect(out).toContain('<nav aria-label="Sections"');
    expect(out).toMatch(/<a [^>]*href="\/\?tab=a"[^>]*>Alpha<\/a>/);
    expect(out).not.toMatch(/aria-current="page"[^>]*href="\/\?tab=a"/);
    expect(out).toMatch(/<a aria-current="page" [^>]*href="\/\?tab=b"[^>]*>Beta<\/a>/);
    expect(out.match(/aria-current/g)).toHaveLength(1);
  });
});
