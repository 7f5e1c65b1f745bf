/**
 * Dates as readers see them, and small text helpers. Every date the site,
 * its feeds and its e-mails show is formatted here, in the site's time zone
 * (Site Settings, default Europe/London; docs/decisions/0144). Pages get the
 * zone from the root loader (useSiteTimeZone), so the server and the browser
 * format with the same zone and hydration agrees.
 */
import { DEFAULT_SITE_TIME_ZONE } from "./time-zones";

export { DEFAULT_SITE_TIME_ZONE };

type DateInput = Date | string | number;

/** Intl formatters are costly to make: one per kind and zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: "date" | "dateTime" | "parts", timeZone: string) {
  const key = `${kind} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      kind === "date"
        ? { dateStyle: "medium" }
        : kind === "dateTime"
          ? {
              day: "numeric",
              month: "short",
              year: "numeric",
              hour: "2-digit",
              minute: "2-digit",
              hourCycle: "h23",
              timeZoneName: "short",
            }
          : {
              weekday: "short",
              day: "2-digit",
              month: "2-digit",
              year: "numeric",
              hour: "2-digit",
              minute: "2-digit",
              second: "2-digit",
              hourCycle: "h23",
              timeZoneName: "longOffset",
            };
    // The parts are read by type, in en-US's spellings ("Tue"), numbers two digits.
    found = new Intl.DateTimeFormat(kind === "parts" ? "en-US" : "en-GB", { timeZone, ...options });
    formatters.set(key, found);
  }
  return found;
}

/** "29 Mar 2026": the day in the zone (the site's; reader pages, cards, e-mails). */
export function formatDate(value: DateInput | null | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "";
  return formatter("date", timeZone).format(new Date(value));
}

/** "29 Mar 2026, 06:00 GMT+5:30" / "… 14:05 BST": a moment with its zone's short name. */
export function formatDateTime(value: DateInput, timeZone: string): string {
  const p = partsOf(formatter("dateTime", timeZone), new Date(value));
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

function partsOf(format: Intl.DateTimeFormat, at: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

/** The wall clock of an instant in a zone, with its offset ("+05:30", "+00:00"). */
function zoned(at: Date, timeZone: string) {
  const p = partsOf(formatter("parts", timeZone), at);
  // longOffset is "GMT" at a zero offset, else "GMT+05:30" / "GMT-04:00".
  const offset = p.timeZoneName === "GMT" ? "+00:00" : p.timeZoneName!.slice(3);
  return { ...p, offset } as Record<string, string> & { offset: string };
}

/** RFC 822's month names (en-GB's Intl writes September "Sept"). */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** RFC 822 (RSS pubDate) on the zone's clock with its numeric offset: "Sun, 29 Mar 2026 06:00:00 +0530". */
export function rfc822Date(value: DateInput, timeZone: string): string {
  const p = zoned(new Date(value), timeZone);
  const month = MONTHS[Number(p.month) - 1];
  return `${p.weekday}, ${p.day} ${month} ${p.year} ${p.hour}:${p.minute}:${p.second} ${p.offset.replace(":", "")}`;
}

/** RFC 3339 / ISO 8601 on the zone's clock with its offset: "2026-03-29T06:00:00+05:30". */
export function isoInZone(value: DateInput, timeZone: string): string {
  const p = zoned(new Date(value), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${p.offset}`;
}

export function isoDate(value: Date | string | null | undefined): string | undefined {
  return value ? new Date(value).toISOString() : undefined;
}

/** "1 comment" / "N comments" and the like. */
export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The first letter of a name, for an avatar without a photo. */
export function initial(name: string) {
  return (name.trim()[0] ?? "?").toUpperCase();
}
