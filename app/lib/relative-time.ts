import { formatDate } from "./format";

/**
 * docs/product/reading.md#dates: Just now under 60 seconds, then minutes, hours, days up to 7,
 * then a date (in the site's time zone, decision 0144).
 */
export function relativeTime(
  value: Date | string,
  timeZone: string,
  now: Date = new Date(),
): string {
  const seconds = Math.floor((now.getTime() - new Date(value).getTime()) / 1000);
  if (seconds < 60) return "Just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} ${minutes === 1 ? "minute" : "minutes"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  const days = Math.floor(hours / 24);
  if (days <= 7) return `${days} ${days === 1 ? "day" : "days"} ago`;
  return formatDate(value, timeZone);
}
