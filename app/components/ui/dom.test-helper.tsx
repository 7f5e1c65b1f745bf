/**
 * Renders a component into jsdom for the kit's component tests (files that
 * start with `// @vitest-environment jsdom`), with act() around every step.
 */
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has <dialog> but not its methods: open and close it by its attribute.
if (typeof HTMLDialogElement !== "undefined" && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
}

export type Rendered = { container: HTMLElement; root: Root; unmount: () => void };

export async function render(node: ReactNode): Promise<Rendered> {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  // eslint-disable-next-line @typescript-eslint/require-await -- act() waits for effects and suspended work only when its callback is async
  await act(async () => root.render(node));
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Runs `step` inside act() and lets effects, timers of 0 ms and lazy imports settle. */
export async function step(run: () => void | Promise<void> = () => {}) {
  await act(async () => {
    await run();
  });
}

/** Waits (in act) until `find` returns something, or fails after `ms`. */
export async function waitFor<T>(find: () => T | null | undefined, ms = 2000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error("waitFor: not found in time");
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
  }
}

export function key(target: Element, keyName: string) {
  target.dispatchEvent(new KeyboardEvent("keydown", { key: keyName, bubbles: true }));
}

export function click(target: Element) {
  (target as HTMLElement).click();
}
