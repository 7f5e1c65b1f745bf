/**
 * The visitor's country, for cookie consent (docs/product/privacy.md#who-is-asked). In order:
 * 1. a request header set by a proxy or CDN we sit behind (GEO_COUNTRY_HEADER,
 *    CF-IPCountry by default);
 * 2. a local MaxMind-format country database (GEOIP_DATABASE_PATH), looked up
 *    by the client address Express decided (TRUST_PROXY);
 * 3. otherwise the lookup failed: the visitor counts as in the US (docs/product/privacy.md).
 *
 * Synchronous on purpose: the page cache keys anonymous HTML on the result
 * (page-variant.server.ts) before any loader runs. The database file is read
 * once, on first use.
 */
import type { IncomingHttpHeaders } from "node:http";
import { CLIENT_IP_HEADER } from "#server/auth/auth";
import { countryOfAddress, normaliseCountry } from "~/lib/geoip.server";
import { FALLBACK_COUNTRY } from "./consent";

export { normaliseCountry };

export type GeoOptions = { countryHeader: string | undefined; databasePath: string | undefined };

export type CountryLookup = { countryCode: string; source: "header" | "database" | "fallback" };

type Headers = IncomingHttpHeaders | globalThis.Headers;

function header(headers: Headers, name: string): string | undefined {
  if (typeof (headers as globalThis.Headers).get === "function") {
    return (headers as globalThis.Headers).get(name) ?? undefined;
  }
  const value = (headers as IncomingHttpHeaders)[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The visitor's country from the request's headers (and the client address header). */
export function lookupCountry(headers: Headers, options: GeoOptions): CountryLookup {
  if (options.countryHeader) {
    const code = normaliseCountry(header(headers, options.countryHeader));
    if (code) return { countryCode: code, source: "header" };
  }
  // An unreadable or corrupt file, or an unknown address: the fallback (docs/product/privacy.md).
  const code = countryOfAddress(header(headers, CLIENT_IP_HEADER), options.databasePath);
  if (code) return { countryCode: code, source: "database" };
  return { countryCode: FALLBACK_COUNTRY, source: "fallback" };
}
