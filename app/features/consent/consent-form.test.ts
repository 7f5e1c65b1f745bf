import { describe, expect, it } from "vitest";
import { consentFormSchema } from "./consent.server";

describe("the consent form without JavaScript", () => {
  it("reads a choice and a page on this site to go back to", () => {
    expect(consentFormSchema.parse({ choice: "all", returnTo: "/post/a" })).toEqual({
      choice: "all",
      returnTo: "/post/a",
    });
    expect(consentFormSchema.parse({ choice: "reset", returnTo: "https://evil.example/" })).toEqual(
      {
        choice: "reset",
        returnTo: "/",
      },
    );
  });
  it("refuses a choice it does not know, or none", () => {
    expect(consentFormSchema.safeParse({ choice: "some" }).success).toBe(false);
    expect(consentFormSchema.safeParse({}).success).toBe(false);
  });
});
