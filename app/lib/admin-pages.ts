/**
 * The admin pages, in one list: the links on each admin page (AdminLinks)
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
