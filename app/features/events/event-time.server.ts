/**
 * Event times (docs/decisions/0115): a wall time typed in the event's IANA time zone
 * becomes an instant (stored in UTC), and back; labels and ISO 8601 offsets
 * in that zone. @date-fns/tz does the zone arithmetic on the runtime's
 * time zone data (Intl), so a change of summer time is the zone's own.
 */
import { TZDate } from "@date-fns/tz";

// The zone list and check are shared with Site Settings' time zone (app/lib/time-zones.ts).
export { isTimeZone, timeZones } from "~/lib/time-zones";

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;

/**
 * The instant of a datetime-local value ("2026-03-29T10:00") in `zone`:
 * "invalid" when it is not a date and time, "missing" when the zone skips it
 * (the hour the clocks go forward). An hour that happens twice (the clocks
 * go back) is its first.
 */
export function wallTimeToInstant(value: string, zone: string): Date | "invalid" | "missing" {
  const m = WALL_TIME.exec(value);
  if (!m) return "invalid";
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) {
    return "invalid";
  }
  const date = new TZDate(year, month - 1, day, hour, minute, zone);
  if (Number.isNaN(date.getTime())) return "invalid";
  if (date.getDate() !== day || date.getMonth() !== month - 1) return "invalid";
  if (date.getHours() !== hour || date.getMinutes() !== minute) return "missing";
  return new Date(date.getTime());
}

/** The datetime-local value of an instant in `zone` (to refill the form). */
export function instantToWallTime(instant: Date, zone: string): string {
  return TZDate.tz(zone, instant).toISOString().slice(0, 16);
}

/** ISO 8601 with the zone's offset and no milliseconds: "2026-03-29T10:00:00+01:00". */
export function isoInZone(instant: Date, zone: string): string {
  const iso = TZDate.tz(zone, instant).toISOString();
  return iso.replace(/\.\d{3}(?=[+-]|Z)/, "");
}

/** Intl formatters are costly to make: one per zone and kind, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: "day" | "time" | "offset", zone: string): Intl.DateTimeFormat {
  const key = `${kind} ${zone}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      kind === "day"
        ? { weekday: "long", day: "numeric", month: "long", year: "numeric" }
        : kind === "time"
          ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
          : { timeZoneName: "shortOffset" };
    found = new Intl.DateTimeFormat("en-GB", { timeZone: zone, ...options });
    formatters.set(key, found);
  }
  return found;
}

/** "Sunday 29 March 2026", from the parts (ICU versions differ on the comma). */
const dayFormat = (zone: string) => ({
  format(at: Date) {
    const part = Object.fromEntries(
      formatter("day", zone)
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    return `${part.weekday} ${part.day} ${part.month} ${part.year}`;
  },
});
const timeFormat = (zone: string) => formatter("time", zone);

/** The offset's name at an instant: "GMT+5:30", "GMT+1", "GMT". */
function offsetName(instant: Date, zone: string): string {
  const part = formatter("offset", zone)
    .formatToParts(instant)
    .find((p) => p.type === "timeZoneName");
  // ICU writes the zero offset "GMT" or "GMT+0" depending on the zone and version.
  return (part?.value ?? zone).replace(/^GMT[+-]0$/, "GMT");
}

/**
 * The labels the post page shows, in the event's zone: "Sunday 29 March
 * 2026", "10:00 – 12:00", "Europe/London (GMT+1)". An event over several
 * days names both days ("Sunday 29 March 2026 10:00 – Monday 30 March 2026 12:00").
 */
export function eventLabels(start: Date, end: Date, zone: string) {
  const day = dayFormat(zone);
  const time = timeFormat(zone);
  const startDay = day.format(start);
  const endDay = day.format(end);
  const zoneLabel = `${zone} (${offsetName(start, zone)})`;
  if (startDay === endDay) {
    return {
      dateLabel: startDay,
      timeLabel: `${time.format(start)} – ${time.format(end)}`,
      zoneLabel,
    };
  }
  return {
    dateLabel: `${startDay} ${time.format(start)} – ${endDay} ${time.format(end)}`,
    timeLabel: "",
    zoneLabel,
  };
}
