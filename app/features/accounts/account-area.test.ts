import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AccountArea } from "./account-area";
import AvatarMenu, { avatarMenuLinks } from "./avatar-menu";
import type { HeaderUser } from "./header-user";
import { ADMIN_PAGES, adminMenuLabel } from "~/lib/admin-pages";

const user = (role: HeaderUser["role"], status: HeaderUser["status"] = "approved"): HeaderUser => ({
  username: "asha",
  fullName: "Asha Rao",
  profilePhotoUrl: null,
  role,
  status,
});

const labels = (u: HeaderUser) => avatarMenuLinks(u).map((l) => `${l.label} ${l.to}`);

describe("avatar menu", () => {
  it("members: My Profile, Favorites, Notifications, Notification Settings, Two-Factor, Sessions", () => {
    const base = [
      "My Profile /user/asha",
      "My Favorite Posts /favorites",
      "Notifications /notifications",
    ];
    expect(labels(user("user"))).toEqual([
      ...base,
      "Notification Settings /settings/notifications",
      "Two-Factor Authentication /settings/two-factor",
      "Active Sessions /settings/sessions",
    ]);
    // Pending members cannot choose e-mails yet (docs/milestones.md#issue-20-members-come-back), but may use a second factor.
    expect(labels(user("mentor", "pending"))).toEqual([
      ...base,
      "Two-Factor Authentication /settings/two-factor",
      "Active Sessions /settings/sessions",
    ]);
  });

  it("mentors add My Published Posts; admins the admin links too", () => {
    expect(labels(user("mentor")).at(-1)).toBe("My Published Posts /my-posts");
    expect(labels(user("admin")).slice(6)).toEqual([
      "My Published Posts /my-posts",
      "Admin Dashboard /admin",
      "Banned Words /admin/banned-words",
      "Redirects /admin/redirects",
      "Site Settings /admin/site-settings",
      "Reports /admin/reports",
      "Activity /admin/activity",
      "Analytics /admin/analytics",
      "Content API /admin/content-api",
      "Webhooks /admin/webhooks",
      "Weekly Digest /admin/email",
      "Import /admin/import",
    ]);
  });

  it("lists every admin page the admin pages link each other with, and none for others", () => {
    const menu = labels(user("admin"));
    for (const page of ADMIN_PAGES) expect(menu).toContain(`${adminMenuLabel(page)} ${page.to}`);
    for (const role of ["user", "mentor"] as const) {
      expect(labels(user(role)).filter((l) => / \/admin/.test(l))).toEqual([]);
    }
    // A blocked or pending admin is not offered them either (the routes refuse them).
    expect(labels(user("admin", "pending")).filter((l) => / \/admin/.test(l))).toEqual([]);
  });

  it("renders the links and Sign Out in the menu", () => {
    const router = createMemoryRouter([
      { path: "/", element: createElement(AvatarMenu, { user: user("admin") }) },
    ]);
    const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
    for (const text of [
      "My Profile",
      "My Favorite Posts",
      "Notifications",
      "My Published Posts",
      "Redirects",
      "Sign Out",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="/admin/site-settings"');
  });

  it("visitors get Sign in and Join Free Now, and no menu", () => {
    const router = createMemoryRouter([
      { path: "/", element: createElement(AccountArea, { user: null }) },
    ]);
    const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
    expect(html).toContain('href="/login"');
    expect(html).toContain("Join Free Now");
    expect(html).not.toContain("Sign Out");
  });
});
