import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

describe("relativeTime", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it("follows the spec's steps", () => {
    expect(relativeTime(ago(0), "Europe/London", now)).toBe("Just now");
    expect(relativeTime(ago(59), "Europe/London", now)).toBe("Just now");
    expect(relativeTime(ago(60), "Europe/London", now)).toBe("1 minute ago");
    expect(relativeTime(ago(59 * 60), "Europe/London", now)).toBe("59 minutes ago");
    expect(relativeTime(ago(3600), "Europe/London", now)).toBe("1 hour ago");
    expect(relativeTime(ago(23 * 3600), "Europe/London", now)).toBe("23 hours ago");
    expect(relativeTime(ago(86_400), "Europe/London", now)).toBe("1 day ago");
    expect(relativeTime(ago(7 * 86_400), "Europe/London", now)).toBe("7 days ago");
    expect(relativeTime(ago(8 * 86_400), "Europe/London", now)).toBe("2 Mar 2026");
    // A clock slightly ahead on the server still reads as now.
    expect(relativeTime(ago(-5), "Europe/London", now)).toBe("Just now");
  });
});
