import { describe, expect, it } from "vitest";
import { demoAccountsBanner } from "../server/db/seed-demo";
import { passwordsFromBanner, SHOTS, wanted } from "./screenshots";

describe("npm run screenshots", () => {
  it("reads each demo account's password from the first start's message", () => {
    const banner = demoAccountsBanner(
      [
        {
          role: "admin",
          status: "approved",
          email: "meera.iyer@example.com",
          username: "meera_iyer",
          password: "pa55-One",
        },
        {
          role: "user",
          status: "pending",
          email: "emily.clarke@example.com",
          username: "emily_clarke",
          password: "x-Two",
        },
      ],
      "http://127.0.0.1:4250",
    );
    const passwords = passwordsFromBanner(banner);
    expect(passwords.get("meera.iyer@example.com")).toBe("pa55-One");
    expect(passwords.get("emily.clarke@example.com")).toBe("x-Two");
    expect(passwords.size).toBe(2);
  });

  it("keeps the shots SCREENSHOTS_ONLY names, or all of them", () => {
    expect(SHOTS.filter((shot) => wanted(shot, []))).toHaveLength(SHOTS.length);
    const admin = SHOTS.filter((shot) => wanted(shot, ["admin"]));
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.every((shot) => shot.role === "admin")).toBe(true);
    expect(SHOTS.filter((shot) => wanted(shot, ["member/home"])).map((s) => s.role)).toEqual([
      "member",
    ]);
  });

  it("pictures every role and the pages the design issue scores", () => {
    const names = new Set(SHOTS.map((shot) => `${shot.role}/${shot.name}`));
    for (const page of [
      "visitor/home",
      "visitor/article",
      "visitor/sign-up",
      "mentor/studio-new",
      "admin/admin-dashboard",
      "admin/admin-site-settings",
    ]) {
      expect(names, page).toContain(page);
    }
  });
});
