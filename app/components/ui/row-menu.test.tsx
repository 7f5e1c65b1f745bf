// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { render, step, type Rendered } from "./dom.test-helper";
import { RowMenu, rowMenuItem } from "./row-menu";

const menu = (
  <>
    <RowMenu label="More actions for Pricing">
      <a href="/post/pricing" className={rowMenuItem}>
        View
      </a>
      <button type="button" className={rowMenuItem}>
        Delete
      </button>
    </RowMenu>
    <button type="button">outside</button>
  </>
);

let shown: Rendered | null = null;
afterEach(() => {
  shown?.unmount();
  shown = null;
});

describe("RowMenu (docs/decisions/0260)", () => {
  it("is a closed disclosure in the server's HTML, named for its row, with no red entry", () => {
    const html = renderToStaticMarkup(menu);
    expect(html).toMatch(
      /^<details class="row-menu[^"]*"><summary[^>]*aria-label="More actions for Pricing"/,
    );
    expect(html).not.toContain(" open");
    expect(html).not.toMatch(/red-/);
    expect(html).toContain('href="/post/pricing"');
  });

  it("closes on Escape (focus back on its summary), on a click outside and on a choice", async () => {
    shown = await render(menu);
    const details = shown.container.querySelector("details")!;
    const summary = shown.container.querySelector("summary")!;
    details.open = true;
    await step(() => {
      details
        .querySelector("a")!
        .dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);

    details.open = true;
    await step(() => {
      details.querySelector("a")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    });
    expect(details.open).toBe(true);
    const outside = shown.container.querySelector("button:not(details button)")!;
    await step(() => {
      outside.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    });
    expect(details.open).toBe(false);

    // Choosing an entry closes it too, after the entry's own click.
    details.open = true;
    const entry = details.querySelector("button")!;
    let clicked = false;
    entry.addEventListener("click", () => (clicked = true));
    await step(() => {
      entry.focus();
      entry.click();
    });
    await step(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
    expect(clicked).toBe(true);
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });
});
