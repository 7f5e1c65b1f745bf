import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, MissingFieldsHint } from "./button";
import { dangerButton, primaryButton, secondaryButton } from "./button-styles";

describe("Button", () => {
  it("is type=button unless told otherwise, and takes the variant's classes", () => {
    const html = renderToStaticMarkup(<Button variant="secondary">Cancel</Button>);
    expect(html).toContain('type="button"');
    expect(html).toContain(`class="${secondaryButton}"`);
    expect(renderToStaticMarkup(<Button type="submit">Save</Button>)).toContain('type="submit"');
  });

  it("a disabled button looks disabled in every variant: grey, not its colour", () => {
    for (const style of [primaryButton, secondaryButton, dangerButton]) {
      expect(style).toContain("disabled:bg-slate-200");
      expect(style).toContain("disabled:text-slate-600");
      expect(style).toContain("disabled:cursor-not-allowed");
    }
    const html = renderToStaticMarkup(
      <Button variant="danger" disabled>
        Delete
      </Button>,
    );
    expect(html).toMatch(
      /<button type="button" class="[^"]*disabled:bg-slate-200[^"]*" disabled="">/,
    );
  });

  it("says which fields are missing, and nothing when none is", () => {
    const hint = (missing: string[]) =>
      renderToStaticMarkup(
        <MissingFieldsHint id="h" missing={missing} action="create the category" />,
      );
    expect(hint(["a name", "a slug"])).toBe(
      '<p id="h" class="text-sm text-slate-700">Enter a name and a slug to create the category.</p>',
    );
    expect(hint(["a title", "a link", "a date"])).toContain(
      "Enter a title, a link and a date to create the category.",
    );
    expect(hint([])).toBe("");
  });
});
