/**
 * An event as readers get it (docs/decisions/0115): the labels the post page shows
 * in the event's own time zone, "Add to calendar" as an .ics file (made with
 * ical.js) and Google Calendar and Outlook links.
 */
import ICAL from "ical.js";
import type { EventColumns } from "./event-input.server";
import type { EventView } from "./event-rules";
import { eventLabels, isoInZone } from "./event-time.server";

/** A post with an event, as the page and the .ics need it. */
export type EventPost = EventColumns & {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  updatedAt: Date;
};

type WholeEvent = EventPost & { eventStartsAt: Date; eventEndsAt: Date; eventTimeZone: string };

/** The post's event, when it has a whole one. */
export function hasEvent(post: EventPost): post is WholeEvent {
  return Boolean(post.eventStartsAt && post.eventEndsAt && post.eventTimeZone);
}

/** The post's own address (absolute). */
const pageUrl = (post: EventPost, siteUrl: string) =>
  new URL(`/post/${post.slug}`, siteUrl).toString();

/** Where: the venue, else the online link. */
function locationOf(post: EventPost) {
  return post.eventVenue ?? post.eventOnlineUrl ?? "";
}

/** What a calendar entry says: the excerpt, the online link, the booking link, the post. */
function detailsOf(post: EventPost, siteUrl: string) {
  return [
    post.excerpt,
    post.eventVenue && post.eventOnlineUrl ? `Online: ${post.eventOnlineUrl}` : null,
    post.eventBookingUrl ? `Book: ${post.eventBookingUrl}` : null,
    pageUrl(post, siteUrl),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** 20260329T090000Z */
const calendarUtc = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export function googleCalendarUrl(post: WholeEvent, siteUrl: string) {
  const url = new URL("https://calendar.google.com/calendar/render");
  url.searchParams.set("action", "TEMPLATE");
  url.searchParams.set("text", post.title);
  url.searchParams.set(
    "dates",
    `${calendarUtc(post.eventStartsAt)}/${calendarUtc(post.eventEndsAt)}`,
  );
  url.searchParams.set("ctz", post.eventTimeZone);
  url.searchParams.set("details", detailsOf(post, siteUrl));
  const location = locationOf(post);
  if (location) url.searchParams.set("location", location);
  return url.toString();
}

export function outlookCalendarUrl(post: WholeEvent, siteUrl: string) {
  const url = new URL("https://outlook.live.com/calendar/0/deeplink/compose");
  url.searchParams.set("path", "/calendar/action/compose");
  url.searchParams.set("rru", "addevent");
  url.searchParams.set("subject", post.title);
  url.searchParams.set("startdt", post.eventStartsAt.toISOString());
  url.searchParams.set("enddt", post.eventEndsAt.toISOString());
  url.searchParams.set("body", detailsOf(post, siteUrl));
  const location = locationOf(post);
  if (location) url.searchParams.set("location", location);
  return url.toString();
}

/** The .ics file's address. */
export const eventIcsPath = (slug: string) => `/post/${slug}/event.ics`;

/**
 * The event as an iCalendar file (RFC 5545): one VEVENT whose DTSTART and
 * DTEND are UTC instants (every calendar shows them in its reader's zone;
 * no VTIMEZONE needed), SUMMARY the title, LOCATION the venue (else the
 * online link), URL the booking link (else the post), the post's id as UID
 * so that adding it again updates the same entry.
 */
export function eventIcs(post: WholeEvent, site: { name: string; url: string }): string {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", `-//${site.name}//Events//EN`);
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("calscale", "GREGORIAN");
  calendar.updatePropertyWithValue("method", "PUBLISH");
  const vevent = new ICAL.Component("vevent");
  const event = new ICAL.Event(vevent);
  event.uid = `${post.id}@${new URL(site.url).hostname}`;
  vevent.addPropertyWithValue("dtstamp", ICAL.Time.fromJSDate(post.updatedAt, true));
  event.startDate = ICAL.Time.fromJSDate(post.eventStartsAt, true);
  event.endDate = ICAL.Time.fromJSDate(post.eventEndsAt, true);
  event.summary = post.title;
  event.description = detailsOf(post, site.url);
  const location = locationOf(post);
  if (location) event.location = location;
  vevent.addPropertyWithValue("url", post.eventBookingUrl ?? pageUrl(post, site.url));
  calendar.addSubcomponent(vevent);
  return `${calendar.toString()}\r\n`;
}

/** The post page's event block, or null when the post has no whole event. */
export function eventViewOf(
  post: EventPost,
  siteUrl: string,
  now: Date = new Date(),
): EventView | null {
  if (!hasEvent(post)) return null;
  const zone = post.eventTimeZone;
  return {
    ...eventLabels(post.eventStartsAt, post.eventEndsAt, zone),
    startIso: isoInZone(post.eventStartsAt, zone),
    endIso: isoInZone(post.eventEndsAt, zone),
    venue: post.eventVenue,
    onlineUrl: post.eventOnlineUrl,
    bookingUrl: post.eventBookingUrl,
    past: post.eventEndsAt <= now,
    calendar: {
      ics: eventIcsPath(post.slug),
      google: googleCalendarUrl(post, siteUrl),
      outlook: outlookCalendarUrl(post, siteUrl),
    },
  };
}
