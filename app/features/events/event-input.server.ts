/**
 * The post form's event fields (docs/decisions/0115), read with zod once the post's
 * category is known: outside the Events category they are ignored and the
 * post's event cleared; in it, all empty means no event, and anything typed
 * must make a whole event (a start, an end after it, a time zone, a venue or
 * an online link; http(s) links).
 */
import { z } from "zod";
import { isWebUrl } from "#server/http/site-path";
import { EVENT_LIMITS, EVENT_MESSAGES, type EventField } from "./event-rules";
import { isTimeZone, wallTimeToInstant } from "./event-time.server";

/** An event as stored (the posts table's event columns). */
export type EventColumns = {
  eventStartsAt: Date | null;
  eventEndsAt: Date | null;
  eventTimeZone: string | null;
  eventVenue: string | null;
  eventOnlineUrl: string | null;
  eventBookingUrl: string | null;
};

export const NO_EVENT: EventColumns = {
  eventStartsAt: null,
  eventEndsAt: null,
  eventTimeZone: null,
  eventVenue: null,
  eventOnlineUrl: null,
  eventBookingUrl: null,
};

const text = z
  .string()
  .trim()
  .max(4096)
  .catch("")
  .optional()
  .transform((v) => v ?? "");

const link = (message: string) =>
  text.refine((v) => v === "" || isWebUrl(v), message).transform((v) => v || null);

/** The raw fields: trimmed strings ("" when absent). */
export const eventFieldsSchema = z.object({
  event_starts_at: text,
  event_ends_at: text,
  event_time_zone: text,
  event_venue: text,
  event_online_url: text,
  event_booking_url: text,
});

const eventSchema = z
  .object({
    event_starts_at: text,
    event_ends_at: text,
    event_time_zone: text,
    event_venue: text
      .refine((v) => v.length <= EVENT_LIMITS.venue, EVENT_MESSAGES.venueTooLong)
      .transform((v) => v || null),
    event_online_url: link(EVENT_MESSAGES.onlineUrl),
    event_booking_url: link(EVENT_MESSAGES.bookingUrl),
  })
  .transform((input, ctx): EventColumns => {
    const zone = input.event_time_zone;
    const zoneOk = zone !== "" && isTimeZone(zone);
    if (!zoneOk) {
      ctx.addIssue({ code: "custom", path: ["event_time_zone"], message: EVENT_MESSAGES.timeZone });
    }
    const instant = (field: "event_starts_at" | "event_ends_at", required: string) => {
      const value = input[field];
      if (value === "") {
        ctx.addIssue({ code: "custom", path: [field], message: required });
        return null;
      }
      const at = wallTimeToInstant(value, zoneOk ? zone : "UTC");
      if (at === "invalid") {
        ctx.addIssue({ code: "custom", path: [field], message: EVENT_MESSAGES.timeInvalid });
        return null;
      }
      if (at === "missing") {
        ctx.addIssue({ code: "custom", path: [field], message: EVENT_MESSAGES.noSuchTime(zone) });
        return null;
      }
      return at;
    };
    const startsAt = instant("event_starts_at", EVENT_MESSAGES.startRequired);
    const endsAt = instant("event_ends_at", EVENT_MESSAGES.endRequired);
    if (startsAt && endsAt && endsAt <= startsAt) {
      ctx.addIssue({
        code: "custom",
        path: ["event_ends_at"],
        message: EVENT_MESSAGES.endBeforeStart,
      });
    }
    if (!input.event_venue && !input.event_online_url) {
      ctx.addIssue({ code: "custom", path: ["event_venue"], message: EVENT_MESSAGES.place });
    }
    return {
      eventStartsAt: startsAt,
      eventEndsAt: endsAt,
      eventTimeZone: zoneOk ? zone : null,
      eventVenue: input.event_venue,
      eventOnlineUrl: input.event_online_url,
      eventBookingUrl: input.event_booking_url,
    };
  });

export type ReadEvent =
  | { ok: true; event: EventColumns }
  | { ok: false; fieldErrors: Partial<Record<EventField, string>>; error: string };

/**
 * The event to store for a post: none outside the Events category (whatever
 * was sent), none when every field is empty, else the checked event or the
 * messages for the fields.
 */
export function readEventFields(raw: unknown, { isEvents }: { isEvents: boolean }): ReadEvent {
  if (!isEvents) return { ok: true, event: NO_EVENT };
  const fields = eventFieldsSchema.parse(raw && typeof raw === "object" ? raw : {});
  if (Object.values(fields).every((v) => v === "")) return { ok: true, event: NO_EVENT };
  const result = eventSchema.safeParse(fields);
  if (result.success) return { ok: true, event: result.data };
  const fieldErrors: Partial<Record<EventField, string>> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]) as EventField;
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors, error: result.error.issues[0]?.message ?? "Invalid event" };
}
