// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { click, key, render, step, waitFor, type Rendered } from "./dom.test-helper";
import { DropdownMenu, nextIndex } from "./dropdown-menu";

const menu = (arrows = true) => (
  <>
    <DropdownMenu
      arrows={arrows}
      trigger={(open) => `Topics${open ? " (open)" : ""}`}
      triggerClassName="t"
      panelClassName="p"
      after={<noscript>fallback</noscript>}
    >
      {(close) => (
        <ul>
          <li>
            <a href="/a" onClick={(e) => (e.preventDefault(), close())}>
              A
            </a>
          </li>
          <li>
            <a href="/b">B</a>
          </li>
          <li>
            <button type="button">C</button>
          </li>
          <li>
            <button type="button" disabled>
              D
            </button>
          </li>
        </ul>
      )}
    </DropdownMenu>
    <button type="button">outside</button>
  </>
);

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

const frame = () => new Promise((r) => setTimeout(r, 30));

describe("nextIndex", () => {
  it("moves down and up, wrapping; from nothing focused, down is the first and up the last", () => {
    expect(nextIndex(0, 3, "ArrowDown")).toBe(1);
    expect(nextIndex(2, 3, "ArrowDown")).toBe(0);
    expect(nextIndex(0, 3, "ArrowUp")).toBe(2);
    expect(nextIndex(-1, 3, "ArrowDown")).toBe(0);
    expect(nextIndex(-1, 3, "ArrowUp")).toBe(2);
    expect(nextIndex(-1, 0, "ArrowDown")).toBe(-1);
  });
});

describe("DropdownMenu", () => {
  it("is in the server's HTML closed: the button controls a hidden panel of real links", () => {
    const html = renderToStaticMarkup(menu());
    const id = /aria-controls="([^"]+)"/.exec(html)![1];
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain(`<div id="${id}" hidden="" class="p">`);
    expect(html).toContain('<a href="/a">A</a>');
    expect(html).toMatch(/<\/button><noscript>fallback<\/noscript><div id=/);
  });

  it("opens and closes with its button; Escape closes it and gives the button focus", async () => {
    rendered = await render(menu());
    const button = rendered.container.querySelector<HTMLButtonElement>("button.t")!;
    const panel = rendered.container.querySelector<HTMLElement>("div.p")!;
    await step(() => click(button));
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.textContent).toBe("Topics (open)");
    expect(panel.hidden).toBe(false);
    panel.querySelector("a")!.focus();
    await step(() => key(panel.querySelector("a")!, "Escape"));
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it("ArrowDown opens it on the first entry; the arrows move between links and enabled buttons", async () => {
    rendered = await render(menu());
    const button = rendered.container.querySelector<HTMLButtonElement>("button.t")!;
    button.focus();
    await step(async () => {
      key(button, "ArrowDown");
      await frame();
    });
    const focused = () => document.activeElement?.textContent;
    await waitFor(() => focused() === "A");
    await step(() => key(document.activeElement!, "ArrowDown"));
    expect(focused()).toBe("B");
    await step(() => key(document.activeElement!, "ArrowDown"));
    expect(focused()).toBe("C");
    // D is disabled: the next is A again.
    await step(() => key(document.activeElement!, "ArrowDown"));
    expect(focused()).toBe("A");
    await step(() => key(document.activeElement!, "ArrowUp"));
    expect(focused()).toBe("C");
  });

  it("without arrows, ArrowDown does nothing; choosing an entry or a click outside closes it", async () => {
    rendered = await render(menu(false));
    const button = rendered.container.querySelector<HTMLButtonElement>("button.t")!;
    await step(() => key(button, "ArrowDown"));
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await step(() => click(button));
    await step(() => click(rendered!.container.querySelector("a")!));
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await step(() => click(button));
    const outside = [...rendered.container.querySelectorAll("button")].at(-1)!;
    await step(() => {
      outside.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    });
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });
});
