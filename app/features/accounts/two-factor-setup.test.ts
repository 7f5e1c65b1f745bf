import { describe, expect, it } from "vitest";
import {
  groupedKey,
  recoveryCodesFile,
  recoveryCodesHref,
  twoFactorReturnPath,
} from "./two-factor-setup";

describe("the key in groups of four (docs/decisions/0258)", () => {
  it("groups by four, the last group shorter", () => {
    expect(groupedKey("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupedKey("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
    expect(groupedKey("AB CD\nEF")).toBe("ABCD EF");
    expect(groupedKey("")).toBe("");
  });
});

describe("the recovery codes' file", () => {
  it("has one code a line and a data address that needs no server", () => {
    const file = recoveryCodesFile("FounderBridge", ["aaaa-1", "bbbb-2"]);
    expect(file.split("\n")).toContain("aaaa-1");
    expect(file.split("\n")).toContain("bbbb-2");
    expect(file.startsWith("FounderBridge two-factor recovery codes\n")).toBe(true);
    const href = recoveryCodesHref("FounderBridge", ["aaaa-1"]);
    expect(href.startsWith("data:text/plain;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf(",") + 1))).toBe(
      recoveryCodesFile("FounderBridge", ["aaaa-1"]),
    );
  });
});

describe("the page to return to once codes are on", () => {
  it("takes a path of this site", () => {
    expect(twoFactorReturnPath("/admin")).toBe("/admin");
    expect(twoFactorReturnPath("/admin?tab=users&q=mo")).toBe("/admin?tab=users&q=mo");
    expect(twoFactorReturnPath("/create-post")).toBe("/create-post");
  });

  it.each([
    "//evil.com",
    "//evil.com/admin",
    "https://evil.com",
    "http://evil.com/admin",
    "/\\evil.com",
    "/\t/evil.com",
    "\\\\evil.com",
    "javascript:alert(1)",
    "admin",
    "",
    "/login",
    "/logout",
    "/settings/two-factor?required=admin",
  ])("refuses %j", (value) => {
    expect(twoFactorReturnPath(value)).toBeNull();
  });

  it("refuses what is not text", () => {
    expect(twoFactorReturnPath(undefined)).toBeNull();
    expect(twoFactorReturnPath(["/admin"])).toBeNull();
  });
});
