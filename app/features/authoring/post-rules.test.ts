import { describe, expect, it } from "vitest";
import {
  normaliseTags,
  readingTimeMinutes,
  SAVE_MESSAGES,
  saveErrorMessage,
  savedAtLabel,
  slugify,
  tagSlug,
} from "./post-rules";

describe("slugify", () => {
  it("lower case, non-alphanumerics to hyphens, trimmed", () => {
    expect(slugify("  Hello, World!  ")).toBe("hello-world");
    expect(slugify("UK -> India: 2026 guide")).toBe("uk-india-2026-guide");
    expect(slugify("Café déjà vu")).toBe("cafe-deja-vu");
    expect(slugify("***")).toBe("");
  });
});

describe("tags", () => {
  it("trimmed, lower-cased, de-duplicated; spaces become hyphens in the slug", () => {
    expect(normaliseTags(" AI  Tools ,ai tools, Funding ,,")).toEqual([
      { name: "ai tools", slug: "ai-tools" },
      { name: "funding", slug: "funding" },
    ]);
    expect(normaliseTags(["UK", "uk "])).toEqual([{ name: "uk", slug: "uk" }]);
    expect(tagSlug("Market Entry UK")).toBe("market-entry-uk");
  });
});

describe("reading time", () => {
  it("words / 200 rounded up, at least 1; external links 5", () => {
    expect(readingTimeMinutes("", "blog")).toBe(1);
    expect(readingTimeMinutes(Array(400).fill("w").join(" "), "blog")).toBe(2);
    expect(readingTimeMinutes(Array(401).fill("w").join(" "), "blog")).toBe(3);
    expect(readingTimeMinutes("short", "external_link")).toBe(5);
  });
});

describe("save error messages (docs/product/authoring.md#publishing)", () => {
  it("maps author_id, role and policy; Error: otherwise; a fallback", () => {
    expect(saveErrorMessage('null value in column "author_id"')).toBe(SAVE_MESSAGES.authorId);
    expect(saveErrorMessage("invalid role")).toBe(SAVE_MESSAGES.role);
    expect(saveErrorMessage("violates row-level security policy")).toBe(SAVE_MESSAGES.policy);
    expect(saveErrorMessage("Title is required")).toBe("Error: Title is required");
    expect(saveErrorMessage("")).toBe("Failed to save post. Please try again.");
  });

  it("Saved at hh:mm", () => {
    expect(savedAtLabel(new Date(2026, 0, 1, 9, 5))).toBe("Saved at 09:05");
  });
});
