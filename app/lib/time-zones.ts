/**
 * IANA time zones (docs/decisions/0144, docs/decisions/0115): the site's default zone, the
 * check that a name is one the runtime knows, and the list the forms offer.
 * Plain Intl: the runtime's own zone data, on the server and in the browser.
 */

/** The site's time zone until an admin sets another (Site Settings; decision 0144). */
export const DEFAULT_SITE_TIME_ZONE = "Europe/London";

/**
 * ICU still calls a few zones by their old names; the forms offer the
 * current IANA ones (both are accepted).
 */
const RENAMED: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Europe/Kiev": "Europe/Kyiv",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "America/Godthab": "America/Nuuk",
};

let zones: string[] | undefined;

/** The time zones the forms offer: IANA names, current spellings, sorted, plus UTC. */
export function timeZones(): string[] {
  zones ??= [
    ...new Set([...Intl.supportedValuesOf("timeZone").map((z) => RENAMED[z] ?? z), "UTC"]),
  ].sort();
  return zones;
}

/** An IANA zone name the runtime knows (a region/city name, an old spelling, or UTC). */
export function isTimeZone(value: string): boolean {
  if (!/^(UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
