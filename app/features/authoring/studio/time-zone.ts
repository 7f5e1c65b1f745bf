/**
 * "Publish at" in the author's own time zone (docs/milestones.md#issue-18-the-writing-studio): the field shows and
 * takes a wall-clock time in a zone (the browser's, e.g. Asia/Kolkata); the
 * form posts the UTC instant. Plain Intl, no library: the zone's offset at
 * that moment is read back from Intl.DateTimeFormat.
 */

/** The zone's offset from UTC (ms) at the instant. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A datetime-local value read as a wall-clock time in the zone: its UTC instant (null if invalid). */
export function zonedToUtc(value: string, timeZone: string): Date | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  let utc = wall - offsetMs(new Date(wall), timeZone);
  // Near a change of offset, the second reading is the right one.
  const second = wall - offsetMs(new Date(utc), timeZone);
  if (second !== utc) utc = second;
  return new Date(utc);
}

/** The datetime-local value (minutes) of the instant on the zone's clock. */
export function utcToZoned(at: Date, timeZone: string): string {
  const shifted = new Date(at.getTime() + offsetMs(at, timeZone));
  return shifted.toISOString().slice(0, 16);
}

/** ICU still answers some zones by their old names; authors know the current ones. */
const CURRENT_NAMES: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Europe/Kiev": "Europe/Kyiv",
};

/** The browser's time zone ("Asia/Kolkata"), UTC when unknown. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
    return CURRENT_NAMES[zone] ?? zone;
  } catch {
    return "UTC";
  }
}
