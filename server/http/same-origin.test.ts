import { describe, expect, it } from "vitest";
import { crossSiteReason } from "./same-origin";

const SITE = ["https://founderbridge.example"];

describe("crossSiteReason", () => {
  it("lets reads through and writes from the site", () => {
    expect(crossSiteReason({ method: "GET", origin: "https://evil.example" }, SITE)).toBeNull();
    expect(
      crossSiteReason({ method: "POST", origin: "https://founderbridge.example" }, SITE),
    ).toBeNull();
    expect(
      crossSiteReason({ method: "POST", origin: "HTTPS://FounderBridge.example" }, SITE),
    ).toBeNull();
    expect(crossSiteReason({ method: "DELETE", fetchSite: "same-origin" }, SITE)).toBeNull();
    // Neither header: not a browser that would carry a victim's cookie.
    expect(crossSiteReason({ method: "POST" }, SITE)).toBeNull();
  });

  it("refuses writes from another origin, an opaque one, or a sibling", () => {
    for (const origin of [
      "https://evil.example",
      "null",
      "https://founderbridge.example:8443",
      "http://founderbridge.example",
      "https://www.founderbridge.example",
    ]) {
      expect({
        origin,
        refused: crossSiteReason({ method: "POST", origin }, SITE) !== null,
      }).toEqual({ origin, refused: true });
    }
    for (const fetchSite of ["cross-site", "same-site"]) {
      expect(crossSiteReason({ method: "PUT", fetchSite }, SITE)).not.toBeNull();
    }
    // Origin wins over Sec-Fetch-Site when both are sent.
    expect(
      crossSiteReason(
        { method: "POST", origin: "https://evil.example", fetchSite: "same-origin" },
        SITE,
      ),
    ).not.toBeNull();
  });
});
