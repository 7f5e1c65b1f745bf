/**
 * The Site Settings page (spec 2 §2, §8): default sidebar banner (image URL
 * or upload, optional link, preview), the header promo banner, tracking
 * scripts and their ids, custom head and body scripts, cookie consent, the
 * banner text and the cookie policy HTML, the footer's contact e-mail and
 * social links, the podcast feed, the site's time zone. A plain multipart form: it works
 * without JavaScript; with it, the success message clears after 5 seconds.
 * Links at the top jump to each section, the Save bar stays in view at the
 * bottom of the window, and leaving with unsaved changes asks first (the
 * kit's dialog inside the site, the browser's own when closing or reloading).
 */
import { useEffect, useRef, useState } from "react";
import { Form, useBlocker, useNavigation } from "react-router";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { primaryButton } from "~/components/ui/button-styles";
import { ErrorBox, inputClass } from "~/components/ui/form";
import { Toast, useClearAfter } from "~/components/ui/toast";
import { AdminLinks } from "~/features/admin/admin-links";
import { imageFileProblem, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE } from "~/lib/image-upload";
import { SOCIAL_NETWORKS } from "./footer-links";
import { AreaField, Section, sectionId, TextField, TimeZoneField, Toggle } from "./settings-fields";

/** The form's sections, in order, for the navigation at the top. */
const SECTIONS = [
  "Default sidebar banner",
  "Header promo banner",
  "Tracking scripts",
  "Custom scripts",
  "Cookie consent",
  "Footer",
  "Podcast",
  "Time zone",
  "Security",
] as const;

export const UNSAVED_QUESTION = "You have unsaved changes. Leave this page without saving them?";

/**
 * Asks before leaving while `dirty`: links inside the site are held
 * (useBlocker) until the kit's dialog is answered; closing or reloading the
 * tab gets the browser's own question (beforeunload). Saving is not leaving.
 */
function useLeaveWarning(dirty: boolean, submitting: React.RefObject<boolean>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !submitting.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const { confirm, dialog } = useConfirm();
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    void confirm(UNSAVED_QUESTION, { confirmLabel: "Leave without saving", danger: true }).then(
      (leave) => (leave ? blocker.proceed() : blocker.reset()),
    );
  }, [blocker, confirm]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (submitting.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, submitting]);
  return dialog;
}
import {
  PODCAST_CATEGORIES,
  SETTINGS_HINTS,
  SITE_SETTINGS_MESSAGES,
  type SiteSettingsValues,
} from "./settings-schema";

const FILE_MESSAGES: readonly string[] = [UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE];

export function SiteSettingsForm({
  values,
  contactDefault,
  timeZones,
  message,
  errorField = null,
}: {
  values: SiteSettingsValues;
  /** The footer's contact e-mail while none is set (from SITE_URL), or none. */
  contactDefault: string | null;
  /** The IANA zones the time zone field offers. */
  timeZones: string[];
  /** The field a refused save's message is about: it is shown beside it too. */
  errorField?: string | null;
  /** The last save's message: success (green) or an error (red). */
  message: { text: string; id: number } | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  // Any field changed since the page came (each save gives a fresh form, so it starts clean).
  const [dirty, setDirty] = useState(false);
  const submitting = useRef(false);
  const leaveDialog = useLeaveWarning(dirty, submitting);
  const [bannerUrl, setBannerUrl] = useState(values.default_sidebar_banner_url);
  // Spec 2 §8, §9: the success message clears after 5 seconds (the kit's toast); errors stay.
  // The page gives a fresh form (a new key) for every save, so the message is set once.
  const shown = useClearAfter(
    message,
    message?.text.includes("success") ? SITE_SETTINGS_MESSAGES.clearAfterMs : null,
  );
  const preview = /^(https?:\/\/|\/(?!\/))/.test(bannerUrl.trim()) ? bannerUrl.trim() : null;
  // A banner file refused by the browser's own check is never sent (nothing else is lost);
  // the server's refusal of the file is shown beside the field too.
  const [bannerProblem, setBannerProblem] = useState<string | null>(null);
  const fileMessage = shown && FILE_MESSAGES.includes(shown.text) ? shown.text : null;
  const bannerError = bannerProblem ?? fileMessage;
  const checkBanner = (input: HTMLInputElement | null) => {
    const file = input?.files?.[0];
    const problem = file ? imageFileProblem(file) : null;
    setBannerProblem(problem);
    if (problem && input) input.value = "";
    return !problem;
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <AdminLinks current="/admin/site-settings" />
      <h1 className="mb-6 text-3xl font-bold text-slate-900">Site Settings</h1>
      <nav aria-label="Settings sections" className="mb-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {SECTIONS.map((title) => (
            <li key={title}>
              <a
                href={`#${sectionId(title)}`}
                className="inline-flex min-h-8 items-center rounded-full border border-slate-300 px-3 py-1 text-brand-700 hover:bg-slate-100"
              >
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div aria-live="polite" className="mb-4">
        {shown && !fileMessage ? (
          <Toast tone={shown.text.includes("success") ? "success" : "error"}>{shown.text}</Toast>
        ) : null}
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-6"
        onChange={() => setDirty(true)}
        onSubmit={(event) => {
          const input = event.currentTarget.elements.namedItem("default_sidebar_banner_file");
          if (!checkBanner(input instanceof HTMLInputElement ? input : null)) {
            event.preventDefault();
            return;
          }
          submitting.current = true;
        }}
      >
        <Section title="Default sidebar banner">
          <div>
            <label
              htmlFor="settings-default_sidebar_banner_url"
              className="block text-sm font-semibold text-slate-800"
            >
              Sidebar banner image URL
            </label>
            <input
              id="settings-default_sidebar_banner_url"
              name="default_sidebar_banner_url"
              type="text"
              inputMode="url"
              value={bannerUrl}
              onChange={(e) => setBannerUrl(e.target.value)}
              aria-describedby="settings-banner-hint"
              className={inputClass}
            />
            <p id="settings-banner-hint" className="mt-1 text-sm text-slate-700">
              An image address, or upload an image below (JPEG, PNG or WebP, at most 5 MB). Shown in
              post sidebars that have no widget of their own.
            </p>
          </div>
          <div>
            <label
              htmlFor="settings-banner-file"
              className="block text-sm font-semibold text-slate-800"
            >
              Upload sidebar banner image
            </label>
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
          </div>
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

        <Section title="Header promo banner">
          <TextField name="header_banner_text" label="Promo banner text" values={values} />
          <TextField
            name="header_banner_link"
            label="Promo banner link"
            type="url"
            values={values}
          />
          <TextField
            name="header_banner_image_url"
            label="Promo banner image URL"
            type="url"
            values={values}
          />
        </Section>

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
          <Toggle
            name="google_tag_manager_enabled"
            label="Enable Google Tag Manager"
            values={values}
          />
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

        <Section title="Custom scripts">
          <p className="text-sm text-slate-700">
            Written into every page exactly as typed (trusted HTML: only admins can change it), when
            site scripts are enabled and the visitor&apos;s consent allows. Scripts get the
            page&apos;s security nonce.
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
            Social links: the site&apos;s own accounts, each an https:// address on its network.
            Only the networks filled in are shown in the footer.
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

        <Section title="Podcast">
          <p className="text-sm text-slate-700">
            The Podcast category&apos;s feed for podcast apps, /podcast.xml (Apple Podcasts,
            Spotify).
          </p>
          <TextField
            name="podcast_image_url"
            label="Podcast artwork URL"
            type="url"
            hint="A square JPEG or PNG of 1400 to 3000 pixels. Empty: the site's icon."
            values={values}
          />
          <div>
            <label
              htmlFor="settings-podcast_category"
              className="block text-sm font-semibold text-slate-800"
            >
              Podcast category
            </label>
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
          </div>
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

        <Section title="Time zone">
          <TimeZoneField
            value={values.time_zone}
            timeZones={timeZones}
            error={errorField === "time_zone" && shown ? shown.text : null}
          />
        </Section>

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

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white px-4 py-3">
          <button type="submit" disabled={saving} className={primaryButton}>
            {saving ? "Saving…" : "Save Settings"}
          </button>
          {dirty && !saving ? (
            <p className="text-sm text-slate-700" role="status">
              Unsaved changes
            </p>
          ) : null}
        </div>
      </Form>
      {leaveDialog}
    </div>
  );
}
