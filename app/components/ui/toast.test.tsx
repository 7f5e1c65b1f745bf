// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { render, step, type Rendered } from "./dom.test-helper";
import { FlashToast, FLASH_TOAST_MS, Toast, useClearAfter } from "./toast";

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.useRealTimers();
});

function Shown({ message, ms }: { message: { text: string } | null; ms: number | null }) {
  const shown = useClearAfter(message, ms);
  return shown ? <Toast>{shown.text}</Toast> : null;
}

describe("Toast", () => {
  it("success is a status, an error an alert", () => {
    expect(renderToStaticMarkup(<Toast>Saved</Toast>)).toMatch(/^<p role="status"/);
    expect(renderToStaticMarkup(<Toast tone="error">Failed</Toast>)).toMatch(/^<p role="alert"/);
  });

  it("is in the server's HTML, and clears after its time; a new message shows again", async () => {
    const first = { text: "Settings saved successfully!" };
    expect(renderToStaticMarkup(<Shown message={first} ms={5000} />)).toContain(
      "Settings saved successfully!",
    );
    vi.useFakeTimers();
    rendered = await render(<Shown message={first} ms={5000} />);
    expect(rendered.container.textContent).toBe("Settings saved successfully!");
    await step(() => void vi.advanceTimersByTime(4999));
    expect(rendered.container.textContent).toBe("Settings saved successfully!");
    await step(() => void vi.advanceTimersByTime(1));
    expect(rendered.container.textContent).toBe("");
    const second = { text: "Settings saved successfully!" };
    await step(() => rendered!.root.render(<Shown message={second} ms={5000} />));
    expect(rendered.container.textContent).toBe("Settings saved successfully!");
  });

  it("with no time it stays", async () => {
    vi.useFakeTimers();
    rendered = await render(<Shown message={{ text: "Failed to save" }} ms={null} />);
    await step(() => void vi.advanceTimersByTime(60_000));
    expect(rendered.container.textContent).toBe("Failed to save");
  });

  it("a flash shows in the server's HTML and clears after 5 s; an equal one with a new key shows again", async () => {
    const flash = { text: "Post published successfully!", key: 1 };
    expect(renderToStaticMarkup(<FlashToast flash={flash} />)).toContain('role="status"');
    vi.useFakeTimers();
    rendered = await render(<FlashToast flash={flash} />);
    expect(rendered.container.textContent).toBe("Post published successfully!");
    await step(() => void vi.advanceTimersByTime(FLASH_TOAST_MS));
    expect(rendered.container.textContent).toBe("");
    await step(() =>
      rendered!.root.render(
        <FlashToast flash={{ text: "Post published successfully!", key: 2 }} />,
      ),
    );
    expect(rendered.container.textContent).toBe("Post published successfully!");
  });
});
