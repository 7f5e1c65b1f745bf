import type { Services } from "#server/services";
import { headerCategories, listCategories } from "~/features/categories/categories.server";
import { getPublicSiteSettings } from "~/features/site-settings/public-settings.server";

/**
 * The contact line's default when Site Settings set none: hello@{domain} for
 * a real domain; none (a link to /partner-with-us) for localhost or an IP.
 */
export function contactEmailFor(siteUrl: string): string | null {
  const host = new URL(siteUrl).hostname.replace(/^www\./, "");
  if (!host.includes(".") || /^[\d.]+$/.test(host) || host.startsWith("[")) return null;
  return `hello@${host}`;
}

/** What the header and footer of every page need (cached: categories 10 min, settings until changed). */
export async function loadSiteChrome({ db, config }: Pick<Services, "db" | "config">) {
  const [categories, settings] = await Promise.all([listCategories(db), getPublicSiteSettings(db)]);
  return {
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    navCategories: headerCategories(categories),
    headerBanner: settings.headerBanner,
    contactEmail: settings.footer.contactEmail ?? contactEmailFor(config.siteUrl),
    socialLinks: settings.footer.socialLinks,
    // Every date on the page is formatted in it, on the server and in the browser alike.
    timeZone: settings.timeZone,
  };
}
