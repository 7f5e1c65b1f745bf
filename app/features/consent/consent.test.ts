import { describe, expect, it } from "vitest";
import {
  clearedConsentCookie,
  consentCookie,
  consentDecision,
  consentFromCookieHeader,
  consentRequired,
  preferencesFor,
} from "./consent";

const ON = { cookieConsentEnabled: true, requireConsentForUk: true };

describe("the consent cookie", () => {
  it("reads essential or all, and anything else as no choice", () => {
    expect(consentFromCookieHeader(undefined)).toBe("none");
    expect(consentFromCookieHeader("")).toBe("none");
    expect(consentFromCookieHeader("cookie_consent=all")).toBe("all");
    expect(consentFromCookieHeader("a=1; cookie_consent=essential; b=2")).toBe("essential");
    expect(consentFromCookieHeader("cookie_consent=yes")).toBe("none");
    expect(consentFromCookieHeader("my_cookie_consent=all")).toBe("none");
    expect(consentFromCookieHeader("cookie_consent=")).toBe("none");
  });

  it("is set for a year on the whole site, Secure over https, and cleared by reset", () => {
    expect(consentCookie("all", false)).toBe(
      "cookie_consent=all; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(consentCookie("essential", true)).toContain("; Secure");
    expect(clearedConsentCookie(false)).toBe("cookie_consent=; Path=/; Max-Age=0; SameSite=Lax");
  });

  it("keeps essential always true; analytics and marketing follow the choice (docs/product/privacy.md#tracking-scripts)", () => {
    expect(preferencesFor("all")).toEqual({ essential: true, analytics: true, marketing: true });
    expect(preferencesFor("essential")).toEqual({
      essential: true,
      analytics: false,
      marketing: false,
    });
  });
});

describe("who must choose (docs/product/privacy.md)", () => {
  it("only UK visitors, only with consent on and require_consent_for_uk on", () => {
    expect(consentRequired("GB", ON)).toBe(true);
    for (const country of ["US", "IN", "FR", "DE", "IE"]) {
      expect([country, consentRequired(country, ON)]).toEqual([country, false]);
    }
    expect(consentRequired("GB", { ...ON, requireConsentForUk: false })).toBe(false);
    expect(consentRequired("GB", { ...ON, cookieConsentEnabled: false })).toBe(false);
  });

  it("shows the bar until a choice; tracking only after Accept All where consent is required", () => {
    expect(consentDecision("GB", "none", ON)).toEqual({
      required: true,
      showBar: true,
      trackingAllowed: false,
    });
    expect(consentDecision("GB", "essential", ON)).toEqual({
      required: true,
      showBar: false,
      trackingAllowed: false,
    });
    expect(consentDecision("GB", "all", ON)).toEqual({
      required: true,
      showBar: false,
      trackingAllowed: true,
    });
    // Not required: no bar, tracking allowed whatever was chosen (docs/product/privacy.md#tracking-scripts).
    for (const state of ["none", "essential", "all"] as const) {
      expect(consentDecision("US", state, ON)).toEqual({
        required: false,
        showBar: false,
        trackingAllowed: true,
      });
    }
  });
});
