/**
 * The admin pages, in one list: the admin shell's sidebar (ADMIN_SECTIONS below)
 * and the avatar menu's admin links (docs/product/administration.md) both come from
 * here, so a new admin page is added once. `menuLabel` is the avatar menu's
 * wording where it differs from the page links'.
 */
export const ADMIN_PAGES = [
  { to: "/admin", label: "Dashboard", menuLabel: "Admin Dashboard" },
  { to: "/admin/banned-words", label: "Banned Words" },
  { to: "/admin/redirects", label: "Redirects" },
  { to: "/admin/site-settings", label: "Site Settings" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/activity", label: "Activity" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/content-api", label: "Content API" },
  { to: "/admin/webhooks", label: "Webhooks" },
  { to: "/admin/email", label: "Weekly Digest" },
  { to: "/admin/import", label: "Import" },
] as const satisfies readonly { to: string; label: string; menuLabel?: string }[];

export type AdminPagePath = (typeof ADMIN_PAGES)[number]["to"];

/** The label the avatar menu shows for an admin page. */
export const adminMenuLabel = (page: (typeof ADMIN_PAGES)[number]): string =>
  "menuLabel" in page ? page.menuLabel : page.label;

/**
 * The admin shell's sidebar (docs/decisions/0259): the dashboard's tabs that a Ghost-like admin
 * names as sections of their own (Posts, Members, Categories, Notifications), then every admin
 * page above, so that each stays one click away. Order is the sidebar's.
 */
export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin?tab=posts", label: "Posts" },
  { to: "/admin?tab=users", label: "Members" },
  { to: "/admin?tab=categories", label: "Categories" },
  { to: "/admin?tab=notifications", label: "Notifications" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/activity", label: "Activity" },
  { to: "/admin/site-settings", label: "Settings" },
  { to: "/admin/banned-words", label: "Banned Words" },
  { to: "/admin/redirects", label: "Redirects" },
  { to: "/admin/email", label: "Weekly Digest" },
  { to: "/admin/content-api", label: "Content API" },
  { to: "/admin/webhooks", label: "Webhooks" },
  { to: "/admin/import", label: "Import" },
] as const satisfies readonly { to: string; label: string }[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/**
 * The section an admin address belongs to: the dashboard's tab by `?tab=` (its overview is the
 * Dashboard), the category editor under Categories, any other page by its path.
 */
export function currentAdminSection(pathname: string, search: string): AdminSection["to"] | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/admin") {
    const tab = new URLSearchParams(search).get("tab");
    const match = ADMIN_SECTIONS.find((section) => section.to === `/admin?tab=${tab}`);
    return match ? match.to : "/admin";
  }
  if (path.startsWith("/admin/categories/")) return "/admin?tab=categories";
  const page = ADMIN_SECTIONS.find((section) => section.to === path);
  return page ? page.to : null;
}
