import { describe, expect, it } from "vitest";
import { bodySearchText } from "./search-text";

describe("bodySearchText", () => {
  it("reads the body as the reader sees it", () => {
    expect(
      bodySearchText(
        "<h2>R&amp;D&nbsp;plans</h2><p>Our <strong>Sa</strong>aS<br>next&#8217;s &#x41;&amp;lt; <!-- note --></p><script>x()</script><p>é  end</p>",
      ),
    ).toBe("R&D plans Our SaaS next’s A&lt; é end");
  });

  it("leaves unknown or invalid references as they are", () => {
    expect(bodySearchText("<p>&unknown; &#0; &#xD800; &#65;</p>")).toBe(
      "&unknown; &#0; &#xD800; A",
    );
  });

  it("is empty for no body", () => {
    expect(bodySearchText(null)).toBe("");
  });
});
