/**
 * Countries by client address, from a local MaxMind-format country database
 * (GEOIP_DATABASE_PATH: GeoLite2-Country, GeoIP2-Country or alike). Used by
 * cookie consent (app/features/consent/geo.server.ts) and by the sessions
 * page (where a session was signed in from). The file is read once, on first
 * use; an unreadable or corrupt file answers nothing.
 */
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { Reader, type CountryResponse } from "maxmind";

/** Codes that name no country: unknown (XX), Tor (T1), and anything malformed. */
export function normaliseCountry(value: string | undefined | null): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || code === "XX" || code === "T1") return null;
  // Some proxies say UK; ISO 3166 says GB.
  return code === "UK" ? "GB" : code;
}

const readers = new Map<string, Reader<CountryResponse> | null>();

function readerFor(path: string): Reader<CountryResponse> | null {
  if (!readers.has(path)) {
    try {
      readers.set(path, new Reader<CountryResponse>(readFileSync(path)));
    } catch {
      readers.set(path, null);
    }
  }
  return readers.get(path) ?? null;
}

/** The ISO country code of `ip` in the database at `databasePath`, or null when not known. */
export function countryOfAddress(
  ip: string | null | undefined,
  databasePath: string | undefined,
): string | null {
  const address = ip?.trim().replace(/^::ffff:/, "");
  if (!databasePath || !address || !isIP(address)) return null;
  const reader = readerFor(databasePath);
  if (!reader) return null;
  try {
    const found = reader.get(address);
    return normaliseCountry(found?.country?.iso_code ?? found?.registered_country?.iso_code);
  } catch {
    return null;
  }
}
