/**
 * The Site Settings form (docs/product/administration.md#site-settings): its fields, the zod rules and
 * the messages. The tracking ids are written into script addresses and code
 * on every page, so their shape is checked (the hints are the spec's).
 */
import { z } from "zod";
import { formText } from "~/lib/form-fields";
import { DEFAULT_SITE_TIME_ZONE, isTimeZone } from "~/lib/time-zones";
import { isSitePath, isWebUrl } from "#server/http/site-path";
import { isSocialUrl, SOCIAL_NETWORKS, type SocialFieldName } from "./footer-links";

export const SITE_SETTINGS_MESSAGES = {
  /** docs/product/administration.md, word for word. */
  saved: "Settings saved successfully! Please refresh the page to see script changes take effect.",
  failed: "Failed to save settings",
  /** docs/product/administration.md#site-settings: settings success messages clear after 5 s. */
  clearAfterMs: 5000,
  analyticsId: "Google Analytics ID should look like G-XXXXXXXXXX (or UA-XXXXXX-X)",
  analyticsIdRequired: "Enter a Google Analytics ID to enable Google Analytics",
  pixelId: "Meta Pixel ID should be digits only (16 digits, e.g. 1234567890123456)",
  pixelIdRequired: "Enter a Meta Pixel ID to enable the Meta Pixel",
  tagManagerId: "Google Tag Manager ID should look like GTM-XXXXXXX",
  tagManagerIdRequired: "Enter a Google Tag Manager ID to enable Google Tag Manager",
  verification: "Search Console verification should be the code from Google's meta tag",
  url: (label: string) => `${label} must be a web address (https://…) or a path on this site (/…)`,
  bannerMessage: "Please enter the cookie banner message",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  upload: "Banner image upload failed: ",
  contactEmail: "Footer contact e-mail must be an e-mail address, e.g. hello@example.com",
  podcastCategory: "Choose one of Apple Podcasts' categories",
  podcastOwnerEmail: "Podcast owner e-mail must be an e-mail address, e.g. podcast@example.com",
  timeZone: "Time zone must be an IANA time zone name, e.g. Europe/London or Asia/Kolkata",
  memberCountOffset: "Member count offset must be a whole number from 0 to 1000000",
  socialUrl: (label: string, hosts: readonly string[]) =>
    `${label} link must be an https:// address on ${hosts.join(" or ")}, e.g. its page for the site's account`,
} as const;

export const SETTINGS_HINTS = {
  analytics: "G-XXXXXXXXXX",
  pixel: "16-digit pixel ID",
  tagManager: "GTM-XXXXXXX",
} as const;

export const GA_ID = /^(?:(?:G|GT|AW|DC)-[A-Z0-9]{4,20}|UA-\d{4,12}-\d{1,4})$/;
export const PIXEL_ID = /^\d{6,20}$/;
export const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
export const VERIFICATION = /^[A-Za-z0-9_-]{8,200}$/;
/** The most an admin may add to /signup's member count. */
export const MAX_MEMBER_COUNT_OFFSET = 1_000_000;

/** What the form posts, as typed (toggles as booleans). */
export type SiteSettingsValues = {
  default_sidebar_banner_url: string;
  default_sidebar_banner_link: string;
  header_banner_text: string;
  header_banner_link: string;
  header_banner_image_url: string;
  scripts_enabled: boolean;
  google_analytics_id: string;
  google_analytics_enabled: boolean;
  meta_pixel_id: string;
  meta_pixel_enabled: boolean;
  google_tag_manager_id: string;
  google_tag_manager_enabled: boolean;
  google_search_console_verification: string;
  custom_head_scripts: string;
  custom_body_scripts: string;
  cookie_consent_enabled: boolean;
  cookie_banner_message: string;
  require_consent_for_uk: boolean;
  cookie_policy_content: string;
  footer_contact_email: string;
  podcast_image_url: string;
  podcast_category: string;
  podcast_owner_name: string;
  podcast_owner_email: string;
  podcast_explicit: boolean;
  time_zone: string;
  require_admin_two_factor: boolean;
  member_count_offset: string;
} & Record<SocialFieldName, string>;

const TEXT_FIELDS = [
  "default_sidebar_banner_url",
  "default_sidebar_banner_link",
  "header_banner_text",
  "header_banner_link",
  "header_banner_image_url",
  "google_analytics_id",
  "meta_pixel_id",
  "google_tag_manager_id",
  "google_search_console_verification",
  "custom_head_scripts",
  "custom_body_scripts",
  "cookie_banner_message",
  "cookie_policy_content",
  "footer_contact_email",
  ...SOCIAL_NETWORKS.map((n) => n.name),
  "podcast_image_url",
  "podcast_category",
  "podcast_owner_name",
  "podcast_owner_email",
  "time_zone",
  "member_count_offset",
] as const;

const TOGGLE_FIELDS = [
  "scripts_enabled",
  "google_analytics_enabled",
  "meta_pixel_enabled",
  "google_tag_manager_enabled",
  "cookie_consent_enabled",
  "require_consent_for_uk",
  "podcast_explicit",
  "require_admin_two_factor",
] as const;

/** Form field names and the row's columns (the audit trail lists changed field names). */
export const SETTINGS_FIELDS = [
  { name: "default_sidebar_banner_url", column: "defaultSidebarBannerUrl" },
  { name: "default_sidebar_banner_link", column: "defaultSidebarBannerLink" },
  { name: "header_banner_text", column: "headerBannerText" },
  { name: "header_banner_link", column: "headerBannerLink" },
  { name: "header_banner_image_url", column: "headerBannerImageUrl" },
  { name: "scripts_enabled", column: "scriptsEnabled" },
  { name: "google_analytics_id", column: "googleAnalyticsId" },
  { name: "google_analytics_enabled", column: "googleAnalyticsEnabled" },
  { name: "meta_pixel_id", column: "metaPixelId" },
  { name: "meta_pixel_enabled", column: "metaPixelEnabled" },
  { name: "google_tag_manager_id", column: "googleTagManagerId" },
  { name: "google_tag_manager_enabled", column: "googleTagManagerEnabled" },
  { name: "google_search_console_verification", column: "googleSearchConsoleVerification" },
  { name: "custom_head_scripts", column: "customHeadScripts" },
  { name: "custom_body_scripts", column: "customBodyScripts" },
  { name: "cookie_consent_enabled", column: "cookieConsentEnabled" },
  { name: "cookie_banner_message", column: "cookieBannerMessage" },
  { name: "require_consent_for_uk", column: "requireConsentForUk" },
  { name: "cookie_policy_content", column: "cookiePolicyContent" },
  { name: "footer_contact_email", column: "footerContactEmail" },
  ...SOCIAL_NETWORKS.map(({ name, column }) => ({ name, column })),
  { name: "podcast_image_url", column: "podcastImageUrl" },
  { name: "podcast_category", column: "podcastCategory" },
  { name: "podcast_owner_name", column: "podcastOwnerName" },
  { name: "podcast_owner_email", column: "podcastOwnerEmail" },
  { name: "podcast_explicit", column: "podcastExplicit" },
  { name: "time_zone", column: "timeZone" },
  { name: "require_admin_two_factor", column: "requireAdminTwoFactor" },
  { name: "member_count_offset", column: "memberCountOffset" },
] as const;

/** Apple Podcasts' top-level categories (the podcast feed's itunes:category). */
export const PODCAST_CATEGORIES = [
  "Arts",
  "Business",
  "Comedy",
  "Education",
  "Fiction",
  "Government",
  "Health & Fitness",
  "History",
  "Kids & Family",
  "Leisure",
  "Music",
  "News",
  "Religion & Spirituality",
  "Science",
  "Society & Culture",
  "Sports",
  "Technology",
  "True Crime",
  "TV & Film",
] as const;

/** A text area's text as typed, line ends made "\n" ("" when absent). */
const typedText = formText.transform((v) => v.replace(/\r\n/g, "\n"));
/** A checkbox: on when sent as "on" (a missing checkbox is off). */
const toggle = formText.transform((v) => v === "on");

/**
 * The form as typed, for readForm (FormFields in, SiteSettingsValues out; it
 * never fails): saveSettingsForm checks it with the rules below, once it knows
 * whether a banner file came with it.
 */
export const settingsFormValues = z.object({
  ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, typedText])),
  ...Object.fromEntries(TOGGLE_FIELDS.map((name) => [name, toggle])),
}) as unknown as z.ZodType<SiteSettingsValues, Record<string, unknown>>;

/** The form's values from a submitted form (a missing checkbox is off). */
export function readSettingsForm(form: FormData): SiteSettingsValues {
  const fields = Object.fromEntries(
    [...TEXT_FIELDS, ...TOGGLE_FIELDS].map((name) => [name, form.get(name) ?? undefined]),
  );
  return settingsFormValues.parse(fields);
}

/** A web address, or a path on this site ("/uploads/…"), never javascript:, //host or /\\host. */
function isLinkOrPath(value: string): boolean {
  return isSitePath(value) || isWebUrl(value);
}

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, SITE_SETTINGS_MESSAGES.tooLong(label, max))
    .transform((v) => v || null);

const optionalLink = (label: string) =>
  optionalText(label, 2000).refine(
    (v) => v === null || isLinkOrPath(v),
    SITE_SETTINGS_MESSAGES.url(label),
  );

/** Accepts the bare code or the whole <meta name="google-site-verification" content="…"> tag. */
function verificationCode(value: string): string {
  const fromTag = /content\s*=\s*["']([^"']*)["']/i.exec(value);
  return (fromTag ? fromTag[1]! : value).trim();
}

/** One optional social link per network: https, on the network's host. */
const socialFields = Object.fromEntries(
  SOCIAL_NETWORKS.map((network) => [
    network.name,
    optionalText(`${network.label} link`, 500).refine(
      (v) => v === null || isSocialUrl(network, v),
      SITE_SETTINGS_MESSAGES.socialUrl(network.label, network.hosts),
    ),
  ]),
) as Record<SocialFieldName, ReturnType<typeof optionalText>>;

const schema = z
  .object({
    default_sidebar_banner_url: optionalLink("Sidebar banner image URL"),
    default_sidebar_banner_link: optionalLink("Sidebar banner link"),
    header_banner_text: optionalText("Header banner text", 300),
    header_banner_link: optionalLink("Header banner link"),
    header_banner_image_url: optionalLink("Header banner image URL"),
    scripts_enabled: z.boolean(),
    google_analytics_id: optionalText("Google Analytics ID", 40)
      .transform((v) => v?.toUpperCase() ?? null)
      .refine((v) => v === null || GA_ID.test(v), SITE_SETTINGS_MESSAGES.analyticsId),
    google_analytics_enabled: z.boolean(),
    meta_pixel_id: optionalText("Meta Pixel ID", 40).refine(
      (v) => v === null || PIXEL_ID.test(v),
      SITE_SETTINGS_MESSAGES.pixelId,
    ),
    meta_pixel_enabled: z.boolean(),
    google_tag_manager_id: optionalText("Google Tag Manager ID", 40)
      .transform((v) => v?.toUpperCase() ?? null)
      .refine((v) => v === null || GTM_ID.test(v), SITE_SETTINGS_MESSAGES.tagManagerId),
    google_tag_manager_enabled: z.boolean(),
    google_search_console_verification: optionalText("Search Console verification", 500)
      .transform((v) => (v === null ? null : verificationCode(v) || null))
      .refine((v) => v === null || VERIFICATION.test(v), SITE_SETTINGS_MESSAGES.verification),
    custom_head_scripts: optionalText("Custom head scripts", 50_000),
    custom_body_scripts: optionalText("Custom body scripts", 50_000),
    cookie_consent_enabled: z.boolean(),
    cookie_banner_message: z
      .string()
      .trim()
      .min(1, SITE_SETTINGS_MESSAGES.bannerMessage)
      .max(1000, SITE_SETTINGS_MESSAGES.tooLong("Cookie banner message", 1000)),
    require_consent_for_uk: z.boolean(),
    cookie_policy_content: z
      .string()
      .trim()
      .max(100_000, SITE_SETTINGS_MESSAGES.tooLong("Cookie policy", 100_000)),
    footer_contact_email: optionalText("Footer contact e-mail", 254).pipe(
      z.email(SITE_SETTINGS_MESSAGES.contactEmail).nullable(),
    ),
    ...socialFields,
    podcast_image_url: optionalLink("Podcast artwork URL"),
    podcast_category: z
      .string()
      .trim()
      .transform((v) => v || "Business")
      .refine(
        (v) => (PODCAST_CATEGORIES as readonly string[]).includes(v),
        SITE_SETTINGS_MESSAGES.podcastCategory,
      ),
    podcast_owner_name: optionalText("Podcast owner name", 200),
    podcast_owner_email: optionalText("Podcast owner e-mail", 254).pipe(
      z.email(SITE_SETTINGS_MESSAGES.podcastOwnerEmail).nullable(),
    ),
    podcast_explicit: z.boolean(),
    // Reader-facing dates, feeds and e-mails are on its clock (decision 0144); empty: the default.
    time_zone: z
      .string()
      .trim()
      .transform((v) => v || DEFAULT_SITE_TIME_ZONE)
      .refine((v) => v.length <= 100 && isTimeZone(v), SITE_SETTINGS_MESSAGES.timeZone),
    require_admin_two_factor: z.boolean(),
    // Added to the real member count on /signup (docs/decisions/0255); empty: 0.
    member_count_offset: z
      .string()
      .trim()
      .transform((v) => v || "0")
      .refine((v) => /^\d{1,7}$/.test(v) && Number(v) <= MAX_MEMBER_COUNT_OFFSET, {
        message: SITE_SETTINGS_MESSAGES.memberCountOffset,
      })
      .transform(Number),
  })
  .superRefine((v, ctx) => {
    const need = (on: boolean, id: string | null, message: string, path: string) => {
      if (on && !id) ctx.addIssue({ code: "custom", message, path: [path] });
    };
    need(
      v.google_analytics_enabled,
      v.google_analytics_id,
      SITE_SETTINGS_MESSAGES.analyticsIdRequired,
      "google_analytics_id",
    );
    need(
      v.meta_pixel_enabled,
      v.meta_pixel_id,
      SITE_SETTINGS_MESSAGES.pixelIdRequired,
      "meta_pixel_id",
    );
    need(
      v.google_tag_manager_enabled,
      v.google_tag_manager_id,
      SITE_SETTINGS_MESSAGES.tagManagerIdRequired,
      "google_tag_manager_id",
    );
  });

export type SiteSettingsInput = z.output<typeof schema>;

export type SettingsValidation =
  | { ok: true; input: SiteSettingsInput }
  | { ok: false; error: string; field: keyof SiteSettingsValues | null };

/** The first problem, in the form's order, as the message to show. */
export function validateSettings(values: SiteSettingsValues): SettingsValidation {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = (issue.path[0] as keyof SiteSettingsValues | undefined) ?? null;
  return { ok: false, error: issue.message, field };
}
