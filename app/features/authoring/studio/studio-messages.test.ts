import { describe, expect, it } from "vitest";
import { saveFlash, STUDIO_FLASH } from "./studio-messages";

const now = new Date("2026-11-27T12:00:00Z");
const earlier = new Date("2026-11-01T12:00:00Z");
const later = new Date("2026-12-01T12:00:00Z");

describe("saveFlash", () => {
  it("names what the save did", () => {
    const of = (status: string, publishedAt: Date | null, wasLive = false) =>
      STUDIO_FLASH[saveFlash({ status, publishedAt, wasLive, now })];
    expect(of("draft", null)).toBe("Draft saved successfully!");
    expect(of("published", now)).toBe("Post published successfully!");
    expect(of("published", earlier, true)).toBe("Post updated successfully!");
    expect(of("published", later)).toBe("Post scheduled successfully!");
    expect(of("published", later, true)).toBe("Post scheduled successfully!");
    expect(STUDIO_FLASH["post-deleted"]).toBe("Post deleted successfully!");
  });
});
