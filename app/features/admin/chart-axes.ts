/**
 * The axes of the admin's bar charts (docs/decisions/0261): counts on the left at round steps
 * (1, 2 or 5 times a power of ten) from 0 to at least the tallest bar, and a few dates along the
 * bottom, evenly spaced, the first and last always among them, written as "7 Sept".
 */

/** Round ticks from 0 up to at least `max`, about `count` steps. */
export function countTicks(max: number, count = 4): number[] {
  const top = Math.max(1, Math.ceil(max));
  const rough = top / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power);
  const ticks: number[] = [];
  for (let value = 0; ticks.at(-1) === undefined || ticks.at(-1)! < top; value += step)
    ticks.push(value);
  return ticks;
}

/** Indexes of at most `count` labels among `length` bars, evenly spaced, first and last included. */
export function labelIndexes(length: number, count = 6): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const gap = (length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round(i * gap));
}

const DAY_LABEL = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "2026-09-07" as "7 Sept"; anything else as it is. */
export function dayLabel(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return DAY_LABEL.format(new Date(`${day}T00:00:00Z`));
}
