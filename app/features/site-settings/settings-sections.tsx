/**
 * The Site Settings form's sections (settings-form.tsx), one component per
 * fieldset, in the page's order.
 */
import { useState } from "react";
import { ErrorBox, Field, inputClass } from "~/components/ui/form";
import { SOCIAL_NETWORKS } from "./footer-links";
import { AreaField, Section, TextField, TimeZoneField, Toggle } from "./settings-fields";
import { PODCAST_CATEGORIES, SETTINGS_HINTS, type SiteSettingsValues } from "./settings-schema";

type Values = { values: SiteSettingsValues };

/**
 * The default sidebar banner: an address (previewed) or an upload, checked
 * in the browser before it is sent.
 */
export function SidebarBannerSection({
  values,
  bannerError,
  checkBanner,
}: Values & {
  /** The browser's or the server's refusal of the banner file. */
  bannerError: string | null;
  checkBanner: (input: HTMLInputElement | null) => boolean;
}) {
  const [bannerUrl, setBannerUrl] = useState(values.default_sidebar_banner_url);
  const preview = /^(https?:\/\/|\/(?!\/))/.test(bannerUrl.trim()) ? bannerUrl.trim() : null;
  return (
    <Section title="Default sidebar banner">
      <Field
        label="Sidebar banner image URL"
        htmlFor="settings-default_sidebar_banner_url"
        hint="An image address, or upload an image below (JPEG, PNG or WebP, at most 5 MB). Shown in post sidebars that have no widget of their own."
      >
        <input
          id="settings-default_sidebar_banner_url"
          name="default_sidebar_banner_url"
          type="text"
          inputMode="url"
          value={bannerUrl}
          onChange={(e) => setBannerUrl(e.target.value)}
          aria-describedby="settings-default_sidebar_banner_url-hint"
          className={inputClass}
        />
      </Field>
      <Field label="Upload sidebar banner image" htmlFor="settings-banner-file">
        <input
          id="settings-banner-file"
          name="default_sidebar_banner_file"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="mt-1 block text-sm text-slate-800"
          aria-invalid={bannerError ? true : undefined}
          aria-describedby={bannerError ? "settings-banner-file-error" : undefined}
          onChange={(event) => checkBanner(event.currentTarget)}
        />
        <div id="settings-banner-file-error" aria-live="polite" className="mt-2">
          {bannerError ? <ErrorBox>{bannerError}</ErrorBox> : null}
        </div>
      </Field>
      <TextField
        name="default_sidebar_banner_link"
        label="Sidebar banner link (optional)"
        type="url"
        values={values}
      />
      {preview ? (
        <figure>
          <img
            src={preview}
            alt="Sidebar banner preview"
            className="max-h-64 rounded border border-slate-200"
          />
          <figcaption className="mt-1 text-sm text-slate-700">Preview</figcaption>
        </figure>
      ) : null}
    </Section>
  );
}

export function HeaderBannerSection({ values }: Values) {
  return (
    <Section title="Header promo banner">
      <TextField name="header_banner_text" label="Promo banner text" values={values} />
      <TextField name="header_banner_link" label="Promo banner link" type="url" values={values} />
      <TextField
        name="header_banner_image_url"
        label="Promo banner image URL"
        type="url"
        values={values}
      />
    </Section>
  );
}

export function TrackingSection({ values }: Values) {
  return (
    <Section title="Tracking scripts">
      <Toggle name="scripts_enabled" label="Enable site scripts" values={values} />
      <Toggle name="google_analytics_enabled" label="Enable Google Analytics" values={values} />
      <TextField
        name="google_analytics_id"
        label="Google Analytics ID"
        placeholder={SETTINGS_HINTS.analytics}
        hint={`Measurement ID, e.g. ${SETTINGS_HINTS.analytics}`}
        values={values}
      />
      <Toggle name="meta_pixel_enabled" label="Enable Meta Pixel" values={values} />
      <TextField
        name="meta_pixel_id"
        label="Meta Pixel ID"
        placeholder={SETTINGS_HINTS.pixel}
        hint="Your 16-digit pixel ID"
        values={values}
      />
      <Toggle name="google_tag_manager_enabled" label="Enable Google Tag Manager" values={values} />
      <TextField
        name="google_tag_manager_id"
        label="Google Tag Manager ID"
        placeholder={SETTINGS_HINTS.tagManager}
        hint={`Container ID, e.g. ${SETTINGS_HINTS.tagManager}`}
        values={values}
      />
      <TextField
        name="google_search_console_verification"
        label="Google Search Console verification"
        hint="The content of Google's verification meta tag (or the whole tag)."
        values={values}
      />
    </Section>
  );
}

export function CustomScriptsSection({ values }: Values) {
  return (
    <Section title="Custom scripts">
      <p className="text-sm text-slate-700">
        Written into every page exactly as typed (trusted HTML: only admins can change it), when
        site scripts are enabled and the visitor&apos;s consent allows. Scripts get the page&apos;s
        security nonce.
      </p>
      <AreaField
        name="custom_head_scripts"
        label="Custom head scripts"
        hint="script, noscript, meta, link and style elements for the page head."
        values={values}
        code
      />
      <AreaField
        name="custom_body_scripts"
        label="Custom body scripts"
        hint="HTML added at the end of the page body."
        values={values}
        code
      />
    </Section>
  );
}

export function CookieConsentSection({ values }: Values) {
  return (
    <Section title="Cookie consent">
      <Toggle name="cookie_consent_enabled" label="Enable cookie consent" values={values} />
      <Toggle
        name="require_consent_for_uk"
        label="Require consent for UK visitors"
        values={values}
      />
      <AreaField
        name="cookie_banner_message"
        label="Cookie banner message"
        rows={3}
        values={values}
      />
      <AreaField
        name="cookie_policy_content"
        label="Cookie policy (HTML)"
        hint="Shown on /cookie-policy. Cleaned like a post body when saved: scripts and unsafe attributes are removed."
        rows={10}
        values={values}
        code
      />
    </Section>
  );
}

export function FooterSection({
  values,
  contactDefault,
}: Values & { contactDefault: string | null }) {
  return (
    <Section title="Footer">
      <TextField
        name="footer_contact_email"
        label="Contact e-mail"
        type="email"
        hint={
          contactDefault
            ? `Shown in the footer's contact line. Empty: ${contactDefault}.`
            : "Shown in the footer's contact line. Empty: a Get in touch link to Partner With Us."
        }
        values={values}
      />
      <p className="text-sm text-slate-700">
        Social links: the site&apos;s own accounts, each an https:// address on its network. Only
        the networks filled in are shown in the footer.
      </p>
      {SOCIAL_NETWORKS.map((network) => (
        <TextField
          key={network.name}
          name={network.name}
          label={`${network.label} link`}
          type="url"
          placeholder={network.example}
          values={values}
        />
      ))}
    </Section>
  );
}

export function PodcastSection({ values }: Values) {
  return (
    <Section title="Podcast">
      <p className="text-sm text-slate-700">
        The Podcast category&apos;s feed for podcast apps, /podcast.xml (Apple Podcasts, Spotify).
      </p>
      <TextField
        name="podcast_image_url"
        label="Podcast artwork URL"
        type="url"
        hint="A square JPEG or PNG of 1400 to 3000 pixels. Empty: the site's icon."
        values={values}
      />
      <Field label="Podcast category" htmlFor="settings-podcast_category">
        <select
          id="settings-podcast_category"
          name="podcast_category"
          defaultValue={values.podcast_category}
          className={inputClass}
        >
          {PODCAST_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        name="podcast_owner_name"
        label="Podcast owner"
        hint="Empty: the site's name."
        values={values}
      />
      <TextField
        name="podcast_owner_email"
        label="Podcast owner e-mail"
        type="email"
        hint="Podcast directories write here to confirm the show is yours."
        values={values}
      />
      <Toggle name="podcast_explicit" label="Explicit content" values={values} />
    </Section>
  );
}

export function SecuritySection({ values }: Values) {
  return (
    <Section title="Security">
      <Toggle
        name="require_admin_two_factor"
        label="Require two-factor authentication for admins"
        values={values}
      />
      <p className="text-sm text-slate-700">
        While this is on, an admin without an authenticator app is sent to set one up before any
        admin page opens.
      </p>
    </Section>
  );
}

export function TimeZoneSection({
  values,
  timeZones,
  error,
}: Values & { timeZones: string[]; error: string | null }) {
  return (
    <Section title="Time zone">
      <TimeZoneField value={values.time_zone} timeZones={timeZones} error={error} />
    </Section>
  );
}

/** /signup's "Join N+ founders": the real count plus this (docs/decisions/0255). */
export function SignUpSection({ values }: Values) {
  return (
    <Section title="Sign-up page">
      <TextField
        name="member_count_offset"
        label="Member count offset"
        hint="Added to the real number of members in the sign-up page's heading. 0 shows the real count."
        values={values}
      />
    </Section>
  );
}
