import { describe, expect, it } from "vitest";
import { primaryUserAction, userActionsFor } from "./user-action-form";

describe("a member's row shows one primary action (docs/decisions/0260)", () => {
  it("approve for a member waiting or blocked, promote for an approved user, none otherwise", () => {
    const primary = (status: "pending" | "approved" | "blocked", role: "user" | "mentor") =>
      primaryUserAction(userActionsFor({ status, role }));
    expect(primary("pending", "user")).toBe("approve");
    expect(primary("blocked", "user")).toBe("approve");
    expect(primary("approved", "user")).toBe("promote");
    // Block and delete are never the one visible: they live behind "…".
    expect(primary("approved", "mentor")).toBeNull();
  });
});
