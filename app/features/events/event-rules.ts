/**
 * Events (docs/decisions/0115): what the browser and the server share. A post in the
 * Events category may carry an event: a start and an end in an IANA time
 * zone, a venue and/or an online link, and a booking link.
 */

/** The Events category (docs/product/reading.md#events's named categories). */
export const EVENTS_CATEGORY_SLUG = "events";

/** The post form's event fields (raw strings; read by event-input.server.ts). */
export const EVENT_FIELDS = [
  "event_starts_at",
  "event_ends_at",
  "event_time_zone",
  "event_venue",
  "event_online_url",
  "event_booking_url",
] as const;
export type EventField = (typeof EVENT_FIELDS)[number];

export const EVENT_LIMITS = { venue: 300 } as const;

/** The messages beside the event fields. */
export const EVENT_MESSAGES = {
  startRequired: "Start time is required for an event",
  endRequired: "End time is required for an event",
  timeInvalid: "Enter a date and time",
  endBeforeStart: "The event must end after it starts",
  timeZone: "Choose a valid time zone (for example Europe/London or Asia/Kolkata)",
  noSuchTime: (zone: string) =>
    `That time does not exist in ${zone}: the clocks go forward then. Choose another time.`,
  place: "Give a venue or an online link",
  venueTooLong: `Venue must be at most ${EVENT_LIMITS.venue} characters`,
  onlineUrl: "Online link must be a valid http or https address",
  bookingUrl: "Booking link must be a valid http or https address",
} as const;

export type { EventView } from "~/features/posts/types";
