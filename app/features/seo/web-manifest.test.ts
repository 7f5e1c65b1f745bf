import { describe, expect, it } from "vitest";
import { webManifest } from "./web-manifest";

describe("webManifest", () => {
  it("names the site, with a short name of at most 12 characters", () => {
    expect(webManifest("FB")).toMatchObject({ name: "FB", short_name: "FB", start_url: "/" });
    expect(webManifest("FounderBridge UK").short_name).toBe("FounderBridg");
  });
});
