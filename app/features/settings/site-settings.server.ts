import { eq } from "drizzle-orm";
import { CACHE_TTL, createCache } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import { SITE_SETTINGS_ID, siteSettings } from "#server/db/schema";

/** The site settings the reader pages use. */
export type PublicSiteSettings = {
  headerBanner: { text: string | null; link: string | null; imageUrl: string | null } | null;
  defaultSidebarBanner: { imageUrl: string; link: string | null } | null;
  cookiePolicyContent: string;
  searchConsoleVerification: string | null;
};

const cache = createCache<PublicSiteSettings>({
  name: "site-settings",
  ttl: CACHE_TTL.settings,
  scopes: ["settings"],
  max: 1,
});

export function getPublicSiteSettings(db: Database): Promise<PublicSiteSettings> {
  return cache.get("settings", async () => {
    const [row] = await db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.id, SITE_SETTINGS_ID))
      .limit(1);
    const text = row?.headerBannerText?.trim() || null;
    const imageUrl = row?.headerBannerImageUrl?.trim() || null;
    const link = row?.headerBannerLink?.trim() || null;
    const bannerUrl = row?.defaultSidebarBannerUrl?.trim() || null;
    return {
      // Hidden unless it has something to show.
      headerBanner: text || imageUrl ? { text, imageUrl, link } : null,
      defaultSidebarBanner: bannerUrl
        ? { imageUrl: bannerUrl, link: row?.defaultSidebarBannerLink?.trim() || null }
        : null,
      cookiePolicyContent: row?.cookiePolicyContent ?? "",
      searchConsoleVerification: row?.googleSearchConsoleVerification?.trim() || null,
    };
  });
}
