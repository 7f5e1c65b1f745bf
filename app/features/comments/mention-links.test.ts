import { describe, expect, it } from "vitest";
import { mentionParts } from "./mention-links";

describe("mentionParts (docs/decisions/0266)", () => {
  it("links a known member's @mention to their profile, keeping the text around it", () => {
    expect(mentionParts("Thanks @Priya_S, see the guide.", ["priya_s"])).toEqual([
      { text: "Thanks " },
      { mention: "@Priya_S", href: "/user/priya_s" },
      { text: ", see the guide." },
    ]);
  });

  it("leaves unknown names, e-mail addresses and short names as text", () => {
    const text = "@nobody wrote to a@priya_s.com and @ab";
    expect(mentionParts(text, ["priya_s"])).toEqual([{ text }]);
  });

  it("links each known mention, at the start and the end", () => {
    expect(mentionParts("@tom_h and @james", ["james", "tom_h"])).toEqual([
      { mention: "@tom_h", href: "/user/tom_h" },
      { text: " and " },
      { mention: "@james", href: "/user/james" },
    ]);
  });

  it("keeps markup as text: nothing from the comment becomes a tag", () => {
    const text = '<a href="javascript:alert(1)">@james</a>';
    const parts = mentionParts(text, ["james"]);
    expect(parts).toEqual([
      { text: '<a href="javascript:alert(1)">' },
      { mention: "@james", href: "/user/james" },
      { text: "</a>" },
    ]);
  });

  it("gives the whole text when nobody is known", () => {
    expect(mentionParts("hello @james", [])).toEqual([{ text: "hello @james" }]);
  });
});
