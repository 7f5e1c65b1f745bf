// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { key, render, step, type Rendered } from "./dom.test-helper";
import { Toolbar, toolbarMove } from "./toolbar";

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

describe("toolbarMove", () => {
  it("wraps with the arrows and jumps with Home and End", () => {
    expect(toolbarMove(0, 3, "ArrowRight")).toBe(1);
    expect(toolbarMove(2, 3, "ArrowRight")).toBe(0);
    expect(toolbarMove(0, 3, "ArrowLeft")).toBe(2);
    expect(toolbarMove(1, 3, "Home")).toBe(0);
    expect(toolbarMove(1, 3, "End")).toBe(2);
    expect(toolbarMove(1, 3, "a")).toBeNull();
    expect(toolbarMove(0, 0, "ArrowRight")).toBeNull();
  });
});

describe("Toolbar", () => {
  it("has one tab stop; the arrows move it, skipping disabled buttons", async () => {
    rendered = await render(
      <Toolbar label="Formatting">
        <button type="button">A</button>
        <button type="button" disabled>
          B
        </button>
        <button type="button">C</button>
        <button type="button">D</button>
      </Toolbar>,
    );
    const buttons = Array.from(rendered.container.querySelectorAll("button"));
    const tabbable = () => buttons.filter((b) => b.tabIndex === 0).map((b) => b.textContent);
    expect(rendered.container.querySelector('[role="toolbar"]')?.getAttribute("aria-label")).toBe(
      "Formatting",
    );
    expect(tabbable()).toEqual(["A"]);
    buttons[0]!.focus();
    await step(() => key(buttons[0]!, "ArrowRight"));
    expect(document.activeElement?.textContent).toBe("C");
    expect(tabbable()).toEqual(["C"]);
    await step(() => key(document.activeElement!, "End"));
    expect(document.activeElement?.textContent).toBe("D");
    await step(() => key(document.activeElement!, "ArrowRight"));
    expect(document.activeElement?.textContent).toBe("A");
    await step(() => key(document.activeElement!, "ArrowLeft"));
    expect(tabbable()).toEqual(["D"]);
  });
});
