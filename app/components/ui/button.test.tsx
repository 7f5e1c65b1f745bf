import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";
import { dangerButton, primaryButton, secondaryButton } from "./button-styles";

describe("Button", () => {
  it("is type=button unless told otherwise, and takes the variant's classes", () => {
    const html = renderToStaticMarkup(<Button variant="secondary">Cancel</Button>);
    expect(html).toContain('type="button"');
    expect(html).toContain(`class="${secondaryButton}"`);
    expect(renderToStaticMarkup(<Button type="submit">Save</Button>)).toContain('type="submit"');
  });

  it("a disabled button looks disabled in every variant", () => {
    for (const style of [primaryButton, secondaryButton, dangerButton]) {
      expect(style).toContain("disabled:opacity-50");
      expect(style).toContain("disabled:cursor-not-allowed");
    }
    const html = renderToStaticMarkup(
      <Button variant="danger" disabled>
        Delete
      </Button>,
    );
    expect(html).toMatch(
      /<button type="button" class="[^"]*disabled:opacity-50[^"]*" disabled="">/,
    );
  });
});
