import { cleanJson } from "#server/http/clean-input";
import { services } from "~/lib/services.server";
import { noStore } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";
import { clearedConsentCookie, consentCookie, preferencesFor } from "~/features/consent/consent";
import {
  allowConsentRequest,
  CONSENT_MESSAGES,
  consentFormSchema,
  consentRequestSchema,
  recordConsent,
} from "~/features/consent/consent.server";
import { lookupCountry } from "~/features/consent/geo.server";
import { requestContext } from "#server/http/request-context";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Route } from "./+types/api.consent";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm } from "~/lib/read-input.server";

/**
 * POST a cookie-consent choice (docs/product/README.md#data-model, docs/product/privacy.md#cookie-consent): JSON {choice, sessionId} from
 * the bar's script, or a plain form (choice, returnTo) without JavaScript.
 * choice=reset forgets the choice (the /cookie-policy button).
 * Sets the cookie_consent cookie the server renders pages by, and records the
 * choice in cookie_consents (with the member's id when signed in).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: noStore });
  }
  // Another site may not give consent on the visitor's behalf.
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin) {
    return Response.json({ error: CONSENT_MESSAGES.crossSite }, { status: 403, headers: noStore });
  }
  const { ip } = context.get(requestContext);
  if (!allowConsentRequest(ip)) {
    return Response.json(
      { error: CONSENT_MESSAGES.rateLimited },
      { status: 429, headers: { ...noStore, "Retry-After": "60" } },
    );
  }
  const isJson = (request.headers.get("content-type") ?? "").includes("application/json");
  let parsed: z.output<typeof consentRequestSchema> | null = null;
  let returnTo = "/";
  if (isJson) {
    const read = consentRequestSchema.safeParse(cleanJson(await request.json().catch(() => null)));
    if (read.success) parsed = read.data;
  } else {
    const read = await readForm(request, consentFormSchema, { limit: SMALL_BODY_LIMIT_BYTES });
    if (read.ok) {
      parsed = { choice: read.data.choice };
      returnTo = read.data.returnTo;
    }
  }
  if (!parsed) {
    return Response.json({ error: CONSENT_MESSAGES.invalid }, { status: 400, headers: noStore });
  }
  const { choice } = parsed;
  const secure = new URL(request.url).protocol === "https:";
  if (choice === "reset") {
    const headers = new Headers(noStore);
    headers.append("Set-Cookie", clearedConsentCookie(secure));
    if (!isJson) {
      headers.set("Location", returnTo);
      return new Response(null, { status: 303, headers });
    }
    return Response.json({ ok: true }, { headers });
  }
  const { db, config } = services(context);
  const user = await sessionOf(context, request);
  const { countryCode } = lookupCountry(request.headers, config.geo);
  await recordConsent(db, {
    userId: user?.id ?? null,
    sessionId: parsed.sessionId ?? randomBytes(16).toString("hex"),
    choice,
    countryCode,
    userAgent: request.headers.get("user-agent"),
  });
  const headers = new Headers(noStore);
  headers.append("Set-Cookie", consentCookie(choice, secure));
  if (!isJson) {
    headers.set("Location", returnTo);
    return new Response(null, { status: 303, headers });
  }
  return Response.json({ ok: true, preferences: preferencesFor(choice), countryCode }, { headers });
}

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: noStore });
}
