import { describe, expect, it } from "vitest";
import { countWords, followTitle, publishLabel, statusLine, wordsAndMinutes } from "./studio-rules";

describe("countWords", () => {
  it("counts the words of the text, not of the tags", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("<p>Hello <strong>big</strong> world</p>")).toBe(3);
    expect(
      countWords(
        '<h2>One</h2><p>two</p><ul><li>three</li><li>four</li></ul><img src="/a.webp" alt="x y">',
      ),
    ).toBe(4);
    expect(countWords("<p>a&nbsp;b</p><p>c</p>")).toBe(3);
  });
});

describe("wordsAndMinutes", () => {
  it("words / 200 rounded up, at least one minute; external links 5", () => {
    expect(wordsAndMinutes("<p>one</p>", "blog")).toBe("1 word · 1 min read");
    const long = `<p>${"word ".repeat(1204)}</p>`;
    expect(wordsAndMinutes(long, "blog")).toBe("1,204 words · 7 min read");
    expect(wordsAndMinutes(long, "external_link")).toBe("1,204 words · 5 min read");
  });
});

describe("statusLine", () => {
  it("says saved with the time, saving, unsaved, or the error", () => {
    const at = new Date(2026, 10, 25, 14, 2).toISOString();
    expect(statusLine({ kind: "saved", at }, "1,204 words · 7 min read")).toBe(
      "Saved 14:02 · 1,204 words · 7 min read",
    );
    expect(statusLine({ kind: "saved", at: null }, "3 words · 1 min read")).toBe(
      "3 words · 1 min read",
    );
    expect(statusLine({ kind: "saving" }, "")).toBe("Saving…");
    expect(statusLine({ kind: "dirty" }, "")).toBe("Unsaved changes");
    expect(statusLine({ kind: "error", message: "Title is required" }, "")).toBe(
      "Title is required",
    );
  });
});

describe("followTitle", () => {
  it("derives the slug from the title until the slug is edited", () => {
    expect(followTitle("Crossing Borders: UK → India", "", false)).toBe(
      "crossing-borders-uk-india",
    );
    expect(followTitle("New title", "my-own-slug", true)).toBe("my-own-slug");
  });
});

describe("publishLabel", () => {
  const now = new Date("2026-11-25T10:00:00Z");
  it("Schedule for a time ahead, Update for a published post, else Publish", () => {
    expect(publishLabel(undefined, null, now)).toBe("Publish");
    expect(publishLabel("draft", new Date("2026-11-25T09:00:00Z"), now)).toBe("Publish");
    expect(publishLabel("draft", new Date("2026-11-26T09:00:00Z"), now)).toBe("Schedule");
    expect(publishLabel("published", new Date("2026-11-01T09:00:00Z"), now)).toBe("Update");
    expect(publishLabel("published", new Date("2026-12-01T09:00:00Z"), now)).toBe("Schedule");
  });
});
