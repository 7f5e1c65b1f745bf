import { describe, expect, it } from "vitest";
import { usernameBase, usernameSeed } from "./username";

describe("usernames for LinkedIn sign-ups", () => {
  it("keeps lower-case letters, digits and single underscores", () => {
    expect(usernameBase("Asha Kapoor")).toBe("asha_kapoor");
    expect(usernameBase("  Renée  O'Brien-Smith 2 ")).toBe("renee_o_brien_smith");
    expect(usernameBase("Zoë O'Neil 2")).toBe("zoe_o_neil_2");
    expect(usernameBase("李小龙")).toBe("");
  });

  it("keeps at most 20 characters, with no trailing underscore", () => {
    expect(usernameBase("Abcdefghij Klmnopqrs Tuvwxyz")).toBe("abcdefghij_klmnopqrs");
    expect(usernameBase("Abcdefghijklmnopqrs Tuv")).toBe("abcdefghijklmnopqrs");
  });

  it("falls back to the e-mail, then to member, and pads short names", () => {
    expect(usernameSeed("李小龙", "li.xl@example.com")).toBe("li_xl");
    expect(usernameSeed(null, "李@example.com")).toBe("member");
    expect(usernameSeed("Al", "al@example.com")).toBe("al_member");
    expect(usernameSeed("Asha Kapoor", "x@example.com")).toMatch(/^[a-z0-9_]{3,30}$/);
  });
});
