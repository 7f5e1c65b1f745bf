/**
 * The consent decision for one request (docs/product/privacy.md#cookie-consent) and the record
 * of a choice on the server (docs/product/README.md#data-model, docs/product/privacy.md#cookie-consent: cookie_consents POST).
 */
import { z } from "zod";
import type { Database } from "#server/db/client";
import { cookieConsents } from "#server/db/schema";
import { createWindowLimiter } from "#server/http/window-limiter";
import { sitePathOr } from "#server/http/site-path";
import { firstOf, formText } from "~/lib/form-fields";
import { loadSiteSettings } from "~/features/site-settings/site-settings.server";
import { pageTrackers } from "~/features/site-settings/trackers.server";
import type { PageTrackers } from "~/features/site-settings/trackers";
import { consentDecision, preferencesFor, type ConsentChoice, type ConsentState } from "./consent";

export type PageConsent = {
  countryCode: string;
  state: ConsentState;
  /** The bar's text when the bar is shown, else null. */
  bar: { message: string } | null;
};

export type PageScripts = {
  consent: PageConsent;
  trackers: PageTrackers | null;
  searchConsoleVerification: string | null;
};

/** Who the page is for: their country and the choice their consent cookie holds. */
export type Visitor = { countryCode: string; state: ConsentState };

/** What the document shell needs: the consent bar, the tracking scripts, the verification tag. */
export async function pageScripts(
  db: Database,
  { countryCode, state }: Visitor,
): Promise<PageScripts> {
  const settings = await loadSiteSettings(db);
  const decision = consentDecision(countryCode, state, settings);
  return {
    consent: {
      countryCode,
      state,
      bar: decision.showBar ? { message: settings.cookieBannerMessage } : null,
    },
    trackers: pageTrackers(settings, decision.trackingAllowed),
    searchConsoleVerification: settings.googleSearchConsoleVerification?.trim() || null,
  };
}

export const CONSENT_MESSAGES = {
  invalid: "Invalid consent choice",
  rateLimited: "Too many consent requests. Please wait a minute and try again.",
  crossSite: "Consent can only be given on this site",
} as const;

/** A choice, or "reset" (the /cookie-policy button without JavaScript): forget it. */
export const consentRequestSchema = z.object({
  choice: z.enum(["essential", "all", "reset"]),
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/)
    .optional(),
});

/** The plain form (no JavaScript): the choice, and the page on this site to go back to. */
export const consentFormSchema = z.object({
  choice: z.preprocess(firstOf, consentRequestSchema.shape.choice),
  returnTo: formText.transform((value) => sitePathOr(value, "/")),
});

/** 20 choices a minute per client address is far more than a person makes. */
export const CONSENT_RATE_LIMIT = { limit: 20, windowMs: 60_000 };
export const allowConsentRequest = createWindowLimiter(CONSENT_RATE_LIMIT);

/** Writes one cookie_consents row (user id when signed in). */
export async function recordConsent(
  db: Database,
  record: {
    userId: string | null;
    sessionId: string;
    choice: ConsentChoice;
    countryCode: string;
    userAgent: string | null;
  },
) {
  await db.insert(cookieConsents).values({
    userId: record.userId,
    sessionId: record.sessionId,
    consentGiven: record.choice === "all",
    consentCategories: preferencesFor(record.choice),
    geoLocation: record.countryCode,
    userAgent: record.userAgent?.slice(0, 500) ?? null,
  });
}
