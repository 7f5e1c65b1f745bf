/**
 * The site settings row (docs/product/administration.md#site-settings): loaded for every page (cached,
 * dropped on every instance when the row changes) and saved by admins from
 * /admin/site-settings.
 */
import { eq } from "drizzle-orm";
import { CACHE_TTL, createCache, invalidateLocal } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import type { Storage } from "#server/storage";
import { SITE_SETTINGS_ID, siteSettings } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { uploadPostImage } from "~/features/authoring/uploads.server";
import { recordAdminAction } from "~/features/audit/audit.server";
import { sanitizePostHtml } from "~/features/posts/sanitize.server";
import { SOCIAL_NETWORKS, type SocialFieldName, type SocialNetwork } from "./footer-links";
import { trackerCsp, type TrackerCsp } from "./trackers.server";
import {
  SITE_SETTINGS_MESSAGES,
  SETTINGS_FIELDS,
  validateSettings,
  type SiteSettingsInput,
  type SiteSettingsValues,
} from "./settings-schema";

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

const cache = createCache<SiteSettingsRow>({
  name: "site-settings-full",
  ttl: CACHE_TTL.settings,
  scopes: ["settings"],
  max: 1,
});

async function readRow(db: Database): Promise<SiteSettingsRow> {
  const [row] = await db
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID))
    .limit(1);
  // The row is written at start-up (ensureReservedRows); without it, the defaults.
  if (row) return row;
  const [fallback] = await db
    .insert(siteSettings)
    .values({ id: SITE_SETTINGS_ID })
    .onConflictDoNothing()
    .returning();
  if (fallback) return fallback;
  const [again] = await db
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID))
    .limit(1);
  return again!;
}

/** Every setting (cached 10 minutes, dropped on every instance when the row changes). */
export function loadSiteSettings(db: Database): Promise<SiteSettingsRow> {
  return cache.get("row", () => readRow(db));
}

/** The site's IANA time zone (Site Settings; decision 0144): reader-facing dates are in it. */
export async function siteTimeZone(db: Database): Promise<string> {
  return (await loadSiteSettings(db)).timeZone;
}

/** The form's values for a row (empty strings for unset text, "on"/"" for toggles). */
export function valuesOfSettings(row: SiteSettingsRow): SiteSettingsValues {
  const text = (v: string | null) => v ?? "";
  return {
    default_sidebar_banner_url: text(row.defaultSidebarBannerUrl),
    default_sidebar_banner_link: text(row.defaultSidebarBannerLink),
    header_banner_text: text(row.headerBannerText),
    header_banner_link: text(row.headerBannerLink),
    header_banner_image_url: text(row.headerBannerImageUrl),
    scripts_enabled: row.scriptsEnabled,
    google_analytics_id: text(row.googleAnalyticsId),
    google_analytics_enabled: row.googleAnalyticsEnabled,
    meta_pixel_id: text(row.metaPixelId),
    meta_pixel_enabled: row.metaPixelEnabled,
    google_tag_manager_id: text(row.googleTagManagerId),
    google_tag_manager_enabled: row.googleTagManagerEnabled,
    google_search_console_verification: text(row.googleSearchConsoleVerification),
    custom_head_scripts: text(row.customHeadScripts),
    custom_body_scripts: text(row.customBodyScripts),
    cookie_consent_enabled: row.cookieConsentEnabled,
    cookie_banner_message: row.cookieBannerMessage,
    require_consent_for_uk: row.requireConsentForUk,
    cookie_policy_content: row.cookiePolicyContent,
    footer_contact_email: text(row.footerContactEmail),
    podcast_image_url: text(row.podcastImageUrl),
    podcast_category: row.podcastCategory,
    podcast_owner_name: text(row.podcastOwnerName),
    podcast_owner_email: text(row.podcastOwnerEmail),
    podcast_explicit: row.podcastExplicit,
    time_zone: row.timeZone,
    require_admin_two_factor: row.requireAdminTwoFactor,
    member_count_offset: String(row.memberCountOffset),
    ...(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n.name, text(row[n.column])])) as Record<
      SocialFieldName,
      string
    >),
  };
}

function columnsOf(input: SiteSettingsInput) {
  return {
    defaultSidebarBannerUrl: input.default_sidebar_banner_url,
    defaultSidebarBannerLink: input.default_sidebar_banner_link,
    headerBannerText: input.header_banner_text,
    headerBannerLink: input.header_banner_link,
    headerBannerImageUrl: input.header_banner_image_url,
    scriptsEnabled: input.scripts_enabled,
    googleAnalyticsId: input.google_analytics_id,
    googleAnalyticsEnabled: input.google_analytics_enabled,
    metaPixelId: input.meta_pixel_id,
    metaPixelEnabled: input.meta_pixel_enabled,
    googleTagManagerId: input.google_tag_manager_id,
    googleTagManagerEnabled: input.google_tag_manager_enabled,
    googleSearchConsoleVerification: input.google_search_console_verification,
    // Admin-trusted raw HTML, written into every page as it is (docs/decisions).
    customHeadScripts: input.custom_head_scripts,
    customBodyScripts: input.custom_body_scripts,
    cookieConsentEnabled: input.cookie_consent_enabled,
    cookieBannerMessage: input.cookie_banner_message,
    requireConsentForUk: input.require_consent_for_uk,
    // Shown on /cookie-policy: sanitised like a post body, on save and on render.
    cookiePolicyContent: sanitizePostHtml(input.cookie_policy_content),
    footerContactEmail: input.footer_contact_email,
    podcastImageUrl: input.podcast_image_url,
    podcastCategory: input.podcast_category,
    podcastOwnerName: input.podcast_owner_name,
    podcastOwnerEmail: input.podcast_owner_email,
    podcastExplicit: input.podcast_explicit,
    timeZone: input.time_zone,
    requireAdminTwoFactor: input.require_admin_two_factor,
    memberCountOffset: input.member_count_offset,
    ...(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n.column, input[n.name]])) as Record<
      SocialNetwork["column"],
      string | null
    >),
  };
}

export type SaveSettingsResult =
  { ok: true; changed: string[] } | { ok: false; status: 403 | 500; error: string };

/** Saves the row and records which fields changed in the audit trail (admins only). */
export async function saveSiteSettings(
  db: Database,
  actor: Actor | null | undefined,
  input: SiteSettingsInput,
): Promise<SaveSettingsResult> {
  assertCan(actor, "admin.access");
  const columns = columnsOf(input);
  try {
    const changed = await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(siteSettings)
        .where(eq(siteSettings.id, SITE_SETTINGS_ID))
        .for("update")
        .limit(1);
      const beforeValues: Record<string, unknown> = before ? { ...before } : {};
      const changed = SETTINGS_FIELDS.filter(
        ({ column }) => (beforeValues[column] ?? null) !== (columns[column] ?? null),
      ).map(({ name }) => name);
      await tx
        .insert(siteSettings)
        .values({ id: SITE_SETTINGS_ID, ...columns, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: siteSettings.id,
          set: { ...columns, updatedAt: new Date() },
        });
      await recordAdminAction(tx, actor, {
        action: "settings.update",
        targetType: "settings",
        targetId: String(SITE_SETTINGS_ID),
        targetLabel: "Site settings",
        details: { changed },
      });
      return changed;
    });
    // The database tells every instance (NOTIFY); this one need not wait for it.
    invalidateLocal(["settings"]);
    return { ok: true, changed };
  } catch {
    return { ok: false, status: 500, error: SITE_SETTINGS_MESSAGES.failed };
  }
}

/** `field`: the field a refused form's message is about (shown beside it too). */
export type SaveFormResult =
  | { ok: true }
  | { ok: false; status: number; error: string; field?: keyof SiteSettingsValues | null };

/**
 * The settings form's save: validates, stores a chosen banner image (the
 * authoring upload pipeline: checked, re-encoded) as the banner URL, saves.
 * The form is validated before the file is stored, and the stored file (with
 * its sized copies) is deleted again when the save then fails, so a refused
 * form leaves no image behind (docs/decisions/0045). No rule depends on the
 * banner URL, so the check without it stands for the check with the upload's
 * address. `values` receives the upload's address, to show what was saved.
 */
export async function saveSettingsForm(
  db: Database,
  storage: Storage,
  actor: Actor | null | undefined,
  values: SiteSettingsValues,
  bannerFile: Uint8Array | null,
  options: { log?: (error: unknown, message: string) => void } = {},
): Promise<SaveFormResult> {
  let valid = validateSettings(bannerFile ? { ...values, default_sidebar_banner_url: "" } : values);
  if (!valid.ok) return { ok: false, status: 400, error: valid.error, field: valid.field };
  let uploadedPrefix: string | null = null;
  if (bannerFile) {
    const uploaded = await uploadPostImage(storage, actor, bannerFile);
    if (!uploaded.ok) return uploaded;
    // `<base>.` names the image and its copies (`<base>.WxH.webp`, `<base>.WxH.<w>w.webp`).
    const name = uploaded.key.slice(uploaded.key.lastIndexOf("/") + 1);
    uploadedPrefix = uploaded.key.slice(
      0,
      uploaded.key.length - name.length + name.indexOf(".") + 1,
    );
    values.default_sidebar_banner_url = uploaded.url;
    valid = validateSettings(values);
  }
  const saved = valid.ok
    ? await saveSiteSettings(db, actor, valid.input)
    : { ok: false as const, status: 400, error: valid.error, field: valid.field };
  if (saved.ok) return { ok: true };
  if (uploadedPrefix) {
    try {
      await storage.deletePrefix(uploadedPrefix);
    } catch (error) {
      options.log?.(error, `deleting the unsaved banner ${uploadedPrefix}`);
    }
  }
  return saved;
}

/** The CSP sources of the trackers switched on now (server/http/security.ts). */
export async function siteTrackerCsp(db: Database): Promise<TrackerCsp> {
  return trackerCsp(await loadSiteSettings(db));
}
