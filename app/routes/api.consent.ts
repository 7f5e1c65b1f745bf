import { z } from "zod";
import { definePublicAction, noStore, type Failure } from "~/pipeline/action.server";
import { clearedConsentCookie, consentCookie, preferencesFor } from "~/features/consent/consent";
import {
  allowConsentRequest,
  CONSENT_MESSAGES,
  consentFormSchema,
  consentRequestSchema,
  recordConsent,
} from "~/features/consent/consent.server";
import { lookupCountry } from "~/features/consent/geo.server";
import { randomBytes } from "node:crypto";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";

const consentBody = z.discriminatedUnion("format", [
  z.object({ format: z.literal("json"), body: consentRequestSchema }),
  z.object({ format: z.literal("form"), body: consentFormSchema }),
]);

/** A refusal of the action's own, before the body (403, 429) or of it (400). */
type Refusal = Failure & { error: string; setHeaders?: Record<string, string> };

/** Any body the action cannot take (unreadable, too large, not a choice): 400 in its words. */
const invalid: Refusal = { ok: false, status: 400, error: CONSENT_MESSAGES.invalid };

/**
 * POST a cookie-consent choice (docs/product/README.md#data-model, docs/product/privacy.md#cookie-consent): JSON {choice, sessionId} from
 * the bar's script, or a plain form (choice, returnTo) without JavaScript.
 * choice=reset forgets the choice (the /cookie-policy button).
 * Sets the cookie_consent cookie the server renders pages by, and records the
 * choice in cookie_consents (with the member's id when signed in).
 * On the helper (docs/request-pipeline.md): a cross-site post (403) and a flood
 * (429) are refused before the body; the member is asked for only for a
 * choice it records; the form goes back with a 303.
 */
export const action = definePublicAction({
  // Another site may not give consent on the visitor's behalf; nor may a flood.
  before: (_services, { request, ip }): Refusal | null => {
    const origin = request.headers.get("origin");
    if (origin && origin !== new URL(request.url).origin) {
      return { ok: false, status: 403, error: CONSENT_MESSAGES.crossSite };
    }
    if (!allowConsentRequest(ip)) {
      return {
        ok: false,
        status: 429,
        error: CONSENT_MESSAGES.rateLimited,
        setHeaders: { "Retry-After": "60" },
      };
    }
    return null;
  },
  session: false,
  body: "form-or-json",
  schema: consentBody,
  limit: SMALL_BODY_LIMIT_BYTES,
  refused: () => invalid,
  wire: "ok",
  redirectStatus: 303,
  run: async ({ db, config }, _actor, input, { request, session }) => {
    const { choice } = input.body;
    const secure = new URL(request.url).protocol === "https:";
    const back = input.format === "form" ? input.body.returnTo : null;
    if (choice === "reset") {
      const setCookie = [clearedConsentCookie(secure)];
      return back === null
        ? { ok: true as const, setCookie }
        : { ok: true, redirect: back, setCookie };
    }
    const user = await session();
    const { countryCode } = lookupCountry(request.headers, config.geo);
    await recordConsent(db, {
      userId: user?.id ?? null,
      sessionId:
        (input.format === "json" ? input.body.sessionId : undefined) ??
        randomBytes(16).toString("hex"),
      choice,
      countryCode,
      userAgent: request.headers.get("user-agent"),
    });
    const setCookie = [consentCookie(choice, secure)];
    if (back !== null) return { ok: true as const, redirect: back, setCookie };
    return { ok: true as const, preferences: preferencesFor(choice), countryCode, setCookie };
  },
});

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: noStore });
}
