/**
 * The visitor's country, for cookie consent (spec 1 §2, §8). In order:
 * 1. a request header set by a proxy or CDN we sit behind (GEO_COUNTRY_HEADER,
 *    CF-IPCountry by default);
 * 2. a local MaxMind-format country database (GEOIP_DATABASE_PATH), looked up
 *    by the client address Express decided (TRUST_PROXY);
 * 3. otherwise the lookup failed: the visitor counts as in the US (spec 1 §8).
 *
 * Synchronous on purpose: the page cache keys anonymous HTML on the result
 * (page-variant.server.ts) before any loader runs. The database file is read
 * once, on first use.
 */
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import type { IncomingHttpHeaders } from "node:http";
import { Reader, type CountryResponse } from "maxmind";
import { CLIENT_IP_HEADER } from "#server/auth/auth";
import { FALLBACK_COUNTRY } from "./consent";

export type GeoOptions = { countryHeader: string | undefined; databasePath: string | undefined };

export type CountryLookup = { countryCode: string; source: "header" | "database" | "fallback" };

/** Codes that name no country: unknown (XX), Tor (T1), and anything malformed. */
export function normaliseCountry(value: string | undefined | null): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || code === "XX" || code === "T1") return null;
  // Some proxies say UK; ISO 3166 says GB.
  return code === "UK" ? "GB" : code;
}

type Headers = IncomingHttpHeaders | globalThis.Headers;

function header(headers: Headers, name: string): string | undefined {
  if (typeof (headers as globalThis.Headers).get === "function") {
    return (headers as globalThis.Headers).get(name) ?? undefined;
  }
  const value = (headers as IncomingHttpHeaders)[name];
  return Array.isArray(value) ? value[0] : value;
}

const readers = new Map<string, Reader<CountryResponse> | null>();

function readerFor(path: string): Reader<CountryResponse> | null {
  if (!readers.has(path)) {
    try {
      readers.set(path, new Reader<CountryResponse>(readFileSync(path)));
    } catch {
      // An unreadable or corrupt file: every lookup fails, so US (spec 1 §8).
      readers.set(path, null);
    }
  }
  return readers.get(path) ?? null;
}

/** The visitor's country from the request's headers (and the client address header). */
export function lookupCountry(headers: Headers, options: GeoOptions): CountryLookup {
  if (options.countryHeader) {
    const code = normaliseCountry(header(headers, options.countryHeader));
    if (code) return { countryCode: code, source: "header" };
  }
  if (options.databasePath) {
    const ip = header(headers, CLIENT_IP_HEADER)?.replace(/^::ffff:/, "");
    const reader = readerFor(options.databasePath);
    if (ip && isIP(ip) && reader) {
      try {
        const found = reader.get(ip);
        const code = normaliseCountry(
          found?.country?.iso_code ?? found?.registered_country?.iso_code,
        );
        if (code) return { countryCode: code, source: "database" };
      } catch {
        // fall through to the fallback
      }
    }
  }
  return { countryCode: FALLBACK_COUNTRY, source: "fallback" };
}
