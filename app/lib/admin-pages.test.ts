import { describe, expect, it } from "vitest";
import { ADMIN_PAGES, ADMIN_SECTIONS, currentAdminSection } from "./admin-pages";

describe("the admin shell's sections (docs/decisions/0259)", () => {
  it("keeps every admin page one click away in the sidebar", () => {
    const sections = ADMIN_SECTIONS.map((section) => section.to as string);
    for (const page of ADMIN_PAGES) expect(sections).toContain(page.to);
  });

  it("names the section an address belongs to", () => {
    expect(currentAdminSection("/admin", "")).toBe("/admin");
    expect(currentAdminSection("/admin", "?tab=overview")).toBe("/admin");
    expect(currentAdminSection("/admin", "?tab=users&page=2")).toBe("/admin?tab=users");
    expect(currentAdminSection("/admin/", "?tab=posts")).toBe("/admin?tab=posts");
    expect(currentAdminSection("/admin/categories/new", "")).toBe("/admin?tab=categories");
    expect(currentAdminSection("/admin/site-settings", "?saved=1")).toBe("/admin/site-settings");
    expect(currentAdminSection("/admin/unknown", "")).toBeNull();
  });
});
