/**
 * Anonymous pages differ only by the visitor's cookie-consent state: the
 * consent bar and the tracking scripts depend on it (docs/product/privacy.md#tracking-scripts). The
 * full-page cache keys anonymous HTML on this value, so every visitor gets
 * the page their consent state calls for.
 *
 * Contract: a short string, equal for every request that must see the same
 * HTML. The consent feature owns this function.
 *
 * The value: `needs:0` for a visitor outside the consent countries (their
 * page never has the bar and its scripts never wait for a choice, whatever
 * they chose), `consent:<none|essential|all>;needs:1` for one inside. It does
 * not depend on the site settings (the cache is dropped when they change):
 * with consent switched off, UK visitors' variants hold the same page, which
 * costs a few cache entries and never serves the wrong one.
 */
import type { IncomingHttpHeaders } from "node:http";
import { CONSENT_COUNTRIES, consentFromCookieHeader } from "./consent";
import { lookupCountry, type GeoOptions } from "./geo.server";

export function pageCacheVariantFor(
  headers: IncomingHttpHeaders | Headers,
  geo: GeoOptions,
): string {
  const { countryCode } = lookupCountry(headers, geo);
  if (!(CONSENT_COUNTRIES as readonly string[]).includes(countryCode)) return "needs:0";
  const cookie =
    typeof (headers as Headers).get === "function"
      ? (headers as Headers).get("cookie")
      : (headers as IncomingHttpHeaders).cookie;
  return `consent:${consentFromCookieHeader(cookie)};needs:1`;
}
