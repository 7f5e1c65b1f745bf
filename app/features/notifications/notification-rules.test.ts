import { describe, expect, it } from "vitest";
import { messageBelowTitle } from "./notification-rules";

describe("messageBelowTitle", () => {
  it("shows a message that says something more than the title", () => {
    expect(messageBelowTitle({ title: "Demo day", message: "Doors open at 6" })).toBe(
      "Doors open at 6",
    );
  });

  it("shows nothing under a title repeated as its message (a broadcast sent without one)", () => {
    expect(messageBelowTitle({ title: "Demo day", message: "Demo day" })).toBeNull();
    expect(messageBelowTitle({ title: "Demo day ", message: " Demo day" })).toBeNull();
    expect(messageBelowTitle({ title: "Demo day", message: null })).toBeNull();
    expect(messageBelowTitle({ title: "Demo day", message: "  " })).toBeNull();
  });
});
