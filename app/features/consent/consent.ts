/**
 * Cookie consent (docs/product/privacy.md#cookie-consent, docs/product/README.md#data-model), the parts both the server and the
 * browser need. The choice lives in three places:
 * - localStorage `cookie_consent`: { given, timestamp, preferences, geoLocation }
 *   and `cookie_consent_session_id` (a random id), as the spec stores it;
 * - the cookie `cookie_consent` (essential | all), so that the server renders
 *   the page the choice calls for (bar or not, tracking scripts or not);
 * - a row of cookie_consents on the server (POST /api/consent).
 */
export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_STORAGE_KEY = "cookie_consent";
export const CONSENT_SESSION_KEY = "cookie_consent_session_id";
/** The cookie lasts a year; the choice can be reset on /cookie-policy. */
export const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export type ConsentChoice = "essential" | "all";
/** What the visitor has chosen so far: nothing yet, essential only, or everything. */
export type ConsentState = "none" | ConsentChoice;

export type ConsentPreferences = { essential: true; analytics: boolean; marketing: boolean };

/** Essential is always true; analytics and marketing both follow the choice (docs/product/privacy.md#tracking-scripts). */
export function preferencesFor(choice: ConsentChoice): ConsentPreferences {
  const all = choice === "all";
  return { essential: true, analytics: all, marketing: all };
}

/** The consent state a Cookie header carries; anything unknown counts as no choice. */
export function consentFromCookieHeader(cookieHeader: string | null | undefined): ConsentState {
  if (!cookieHeader) return "none";
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== CONSENT_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value === "all" || value === "essential") return value;
  }
  return "none";
}

/** The Set-Cookie value for a choice (readable by the page's script, which can reset it). */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return [
    `${CONSENT_COOKIE}=${choice}`,
    "Path=/",
    `Max-Age=${CONSENT_COOKIE_MAX_AGE_S}`,
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The Set-Cookie value that forgets the choice (the bar comes back). */
export function clearedConsentCookie(secure: boolean): string {
  return [
    `${CONSENT_COOKIE}=`,
    "Path=/",
    "Max-Age=0",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** docs/product/privacy.md#who-is-asked: analytics and marketing cookies need consent only from UK visitors. */
export const CONSENT_COUNTRIES = ["GB"] as const;

/** docs/product/privacy.md#who-is-asked: when the country cannot be found, the visitor counts as in the US. */
export const FALLBACK_COUNTRY = "US";

export type ConsentSettings = {
  cookieConsentEnabled: boolean;
  requireConsentForUk: boolean;
};

/** Whether this visitor must choose before analytics and marketing scripts may load. */
export function consentRequired(country: string, settings: ConsentSettings): boolean {
  return (
    settings.cookieConsentEnabled &&
    settings.requireConsentForUk &&
    (CONSENT_COUNTRIES as readonly string[]).includes(country)
  );
}

/** What the page shows for this visitor: the bar, and whether tracking may load. */
export function consentDecision(
  country: string,
  state: ConsentState,
  settings: ConsentSettings,
): { required: boolean; showBar: boolean; trackingAllowed: boolean } {
  const required = consentRequired(country, settings);
  return {
    required,
    showBar: required && state === "none",
    // Granted, or not required for this visitor (docs/product/privacy.md).
    trackingAllowed: !required || state === "all",
  };
}
