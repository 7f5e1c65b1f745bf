/**
 * The part of the site settings the reader pages use, derived from the one
 * cached settings row (site-settings.server.ts).
 */
import type { Database } from "#server/db/client";
import { footerSocialLinks } from "./footer-links";
import { loadSiteSettings } from "./site-settings.server";

/** The site settings the reader pages use. */
export type PublicSiteSettings = {
  headerBanner: { text: string | null; link: string | null; imageUrl: string | null } | null;
  defaultSidebarBanner: { imageUrl: string; link: string | null } | null;
  cookiePolicyContent: string;
  /** The footer's contact e-mail when one is set, and the social links that are set. */
  footer: { contactEmail: string | null; socialLinks: { label: string; href: string }[] };
  /** The IANA zone reader-facing dates are shown in (decision 0144). */
  timeZone: string;
};

export async function getPublicSiteSettings(db: Database): Promise<PublicSiteSettings> {
  const row = await loadSiteSettings(db);
  const text = row.headerBannerText?.trim() || null;
  const imageUrl = row.headerBannerImageUrl?.trim() || null;
  const link = row.headerBannerLink?.trim() || null;
  const bannerUrl = row.defaultSidebarBannerUrl?.trim() || null;
  return {
    // Hidden unless it has something to show.
    headerBanner: text || imageUrl ? { text, imageUrl, link } : null,
    defaultSidebarBanner: bannerUrl
      ? { imageUrl: bannerUrl, link: row.defaultSidebarBannerLink?.trim() || null }
      : null,
    cookiePolicyContent: row.cookiePolicyContent ?? "",
    footer: {
      contactEmail: row.footerContactEmail?.trim() || null,
      socialLinks: footerSocialLinks(row),
    },
    timeZone: row.timeZone,
  };
}
