// @vitest-environment jsdom
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { textOf } from "~/lib/form-fields";
import { useConfirm } from "./confirm-dialog";
import { ConfirmForm } from "./confirm-form";
import { click, render, step, waitFor, type Rendered } from "./dom.test-helper";
import { usePrompt } from "./prompt-dialog";

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"], [role="dialog"]');
const buttonNamed = (name: string) =>
  [...document.querySelectorAll("button")].find((b) => b.textContent === name)!;

function Asker() {
  const { confirm, dialog: element } = useConfirm();
  const [answers, setAnswers] = useState<boolean[]>([]);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void confirm("Are you sure you want to delete this comment?", {
            confirmLabel: "Delete",
            danger: true,
          }).then((a) => setAnswers((all) => [...all, a]))
        }
      >
        Ask
      </button>
      <output>{answers.join(",")}</output>
      {element}
    </>
  );
}

describe("useConfirm", () => {
  it("asks in an alert dialog named by the question; the accept button answers true", async () => {
    rendered = await render(<Asker />);
    expect(dialog()).toBeNull();
    const ask = buttonNamed("Ask");
    ask.focus();
    await step(() => click(ask));
    const shown = await waitFor(dialog);
    expect(shown.getAttribute("role")).toBe("alertdialog");
    const title = document.getElementById(shown.getAttribute("aria-labelledby")!)!;
    expect(title.textContent).toBe("Are you sure you want to delete this comment?");
    expect(shown.querySelector("[data-dialog-accept]")!.className).toContain("bg-red-700");
    // Focus starts on Cancel (the safe answer).
    expect(document.activeElement?.textContent).toBe("Cancel");
    await step(() => click(buttonNamed("Delete")));
    await waitFor(() => !dialog());
    expect(rendered.container.querySelector("output")!.textContent).toBe("true");
    // Focus comes back to the opener.
    await waitFor(() => document.activeElement === ask);
  });

  it("Cancel and Escape answer false", async () => {
    rendered = await render(<Asker />);
    await step(() => click(buttonNamed("Ask")));
    await waitFor(dialog);
    await step(() => click(buttonNamed("Cancel")));
    await waitFor(() => !dialog());
    await step(() => click(buttonNamed("Ask")));
    const shown = await waitFor(dialog);
    // What a browser fires on Escape.
    await step(() => void shown.dispatchEvent(new Event("cancel", { cancelable: true })));
    await waitFor(() => !dialog());
    expect(rendered.container.querySelector("output")!.textContent).toBe("false,false");
  });
});

function Prompter() {
  const { prompt, dialog: element } = usePrompt();
  const [answer, setAnswer] = useState("");
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void prompt("Insert image", [
            { name: "url", label: "Image URL", defaultValue: "https://" },
            { name: "alt", label: "Describe the image (alt text)" },
          ]).then((v) => setAnswer(JSON.stringify(v)))
        }
      >
        Ask
      </button>
      <output>{answer}</output>
      {element}
    </>
  );
}

describe("usePrompt", () => {
  it("a dialog with labelled fields: OK gives what was typed, Cancel gives null", async () => {
    rendered = await render(<Prompter />);
    await step(() => click(buttonNamed("Ask")));
    const shown = await waitFor(dialog);
    expect(shown.getAttribute("role")).toBe("dialog");
    const url = document.querySelector<HTMLInputElement>("#prompt-url")!;
    expect(document.querySelector('label[for="prompt-url"]')!.textContent).toBe("Image URL");
    expect(url.value).toBe("https://");
    // The first field has focus (not the close button).
    await waitFor(() => document.activeElement === url);
    url.value = "https://example.com/a.png";
    document.querySelector<HTMLInputElement>("#prompt-alt")!.value = "A chart";
    await step(() => click(buttonNamed("OK")));
    await waitFor(() => !dialog());
    expect(JSON.parse(rendered.container.querySelector("output")!.textContent)).toEqual({
      url: "https://example.com/a.png",
      alt: "A chart",
    });
    await step(() => click(buttonNamed("Ask")));
    await waitFor(dialog);
    await step(() => click(buttonNamed("Cancel")));
    await waitFor(() => !dialog());
    expect(rendered.container.querySelector("output")!.textContent).toBe("null");
  });
});

describe("ConfirmForm", () => {
  it("submits (with its submit button's value) only after the question is accepted", async () => {
    const posted: string[] = [];
    const router = createMemoryRouter(
      [
        {
          path: "/",
          action: async ({ request }) => {
            const form = await request.formData();
            posted.push(`${textOf(form, "id")}:${textOf(form, "intent")}`);
            return null;
          },
          Component: () => (
            <ConfirmForm method="post" question="Delete this post?">
              <input type="hidden" name="id" value="p1" />
              <button type="submit" name="intent" value="delete">
                Delete
              </button>
            </ConfirmForm>
          ),
        },
      ],
      { initialEntries: ["/"] },
    );
    rendered = await render(<RouterProvider router={router} />);
    await step(() => click(buttonNamed("Delete")));
    await waitFor(dialog);
    await step(() => click(buttonNamed("Cancel")));
    await waitFor(() => !dialog());
    expect(posted).toEqual([]);
    await step(() => click(buttonNamed("Delete")));
    await waitFor(dialog);
    await step(() => click(buttonNamed("OK")));
    await waitFor(() => posted.length > 0);
    expect(posted).toEqual(["p1:delete"]);
  });
});
