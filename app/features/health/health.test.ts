import { describe, expect, it } from "vitest";
import { overallStatus } from "./health.server";

describe("overallStatus", () => {
  it("is healthy when every check passes", () => {
    expect(overallStatus(["Operational", "Operational", "Operational"])).toBe("healthy");
  });
  it("is degraded when some pass", () => {
    expect(overallStatus(["Operational", "Down", "Operational"])).toBe("degraded");
    expect(overallStatus(["Down", "Down", "Operational"])).toBe("degraded");
  });
  it("is unhealthy when none pass", () => {
    expect(overallStatus(["Down", "Down", "Down"])).toBe("unhealthy");
  });
});
