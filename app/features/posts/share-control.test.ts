import { describe, expect, it } from "vitest";
import { COPIED_MS, shareLinks } from "./share-control";

describe("shareLinks", () => {
  it("offers Facebook, Twitter, LinkedIn, Reddit and e-mail with the encoded address", () => {
    const links = shareLinks("https://site.test/post/a b", "Tea & scale");
    expect(links.map((l) => l.label)).toEqual([
      "Facebook",
      "Twitter",
      "LinkedIn",
      "Reddit",
      "E-mail",
    ]);
    for (const link of links) expect(link.href).toContain("https%3A%2F%2Fsite.test%2Fpost%2Fa%20b");
    expect(links[1]!.href).toContain("text=Tea%20%26%20scale");
    expect(COPIED_MS).toBe(2000);
  });
});
