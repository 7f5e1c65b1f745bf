import { describe, expect, it } from "vitest";
import { testServices } from "~/lib/services.server";
import { sharedPageMember, sharesMembersPage } from "./shared-page.server";

describe("who may get the members' shared page (decision 0154)", () => {
  it("is an approved member with the plain role only", () => {
    expect(sharesMembersPage({ role: "user", status: "approved" })).toBe(true);
    expect(sharesMembersPage({ role: "user", status: "pending" })).toBe(false);
    expect(sharesMembersPage({ role: "user", status: "blocked" })).toBe(false);
    expect(sharesMembersPage({ role: "mentor", status: "approved" })).toBe(false);
    expect(sharesMembersPage({ role: "admin", status: "approved" })).toBe(false);
    expect(sharesMembersPage(null)).toBe(false);
  });

  it("is nobody without a session cookie", async () => {
    expect(await sharedPageMember({}, testServices({}))).toBe(false);
    expect(
      await sharedPageMember({ cookie: "fb_consent=all; better-auth.state=x" }, testServices({})),
    ).toBe(false);
  });
});
