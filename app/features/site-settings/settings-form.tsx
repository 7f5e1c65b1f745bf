/**
 * The Site Settings page (docs/product/administration.md#site-settings): default sidebar banner (image URL
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
import { Toast, useClearAfter } from "~/components/ui/toast";
import { imageFileProblem, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE } from "~/lib/image-upload";
import { sectionId } from "./settings-fields";
import {
  CookieConsentSection,
  CustomScriptsSection,
  FooterSection,
  HeaderBannerSection,
  PodcastSection,
  SecuritySection,
  SidebarBannerSection,
  SignUpSection,
  TimeZoneSection,
  TrackingSection,
} from "./settings-sections";

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
import { SITE_SETTINGS_MESSAGES, type SiteSettingsValues } from "./settings-schema";

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
  // docs/product/administration.md: the success message clears after 5 seconds (the kit's toast); errors stay.
  // The page gives a fresh form (a new key) for every save, so the message is set once.
  const shown = useClearAfter(
    message,
    message?.text.includes("success") ? SITE_SETTINGS_MESSAGES.clearAfterMs : null,
  );
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
    <div>
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
        <SidebarBannerSection values={values} bannerError={bannerError} checkBanner={checkBanner} />
        <HeaderBannerSection values={values} />
        <TrackingSection values={values} />
        <CustomScriptsSection values={values} />
        <CookieConsentSection values={values} />
        <FooterSection values={values} contactDefault={contactDefault} />
        <PodcastSection values={values} />
        <TimeZoneSection
          values={values}
          timeZones={timeZones}
          error={errorField === "time_zone" && shown ? shown.text : null}
        />
        <SignUpSection values={values} />
        <SecuritySection values={values} />

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
