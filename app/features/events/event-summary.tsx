/**
 * The top of an event post (docs/decisions/0115): when (in the event's time zone,
 * labelled with it), where, booking, and "Add to calendar": a disclosure
 * (works without JavaScript) with the .ics file and Google Calendar and
 * Outlook links.
 */
import { CalendarDays, CalendarPlus, Globe, MapPin, Ticket } from "lucide-react";
import type { EventView } from "./event-rules";

export function EventSummary({ event }: { event: EventView }) {
  return (
    <section
      aria-label="Event details"
      className="mt-6 rounded-lg border border-brand-100 bg-brand-50 p-4 text-slate-900"
    >
      {event.past ? (
        <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-700">
          This event has ended
        </p>
      ) : null}
      <dl className="grid gap-3 text-base">
        <div className="flex gap-3">
          <dt>
            <CalendarDays aria-hidden="true" className="mt-0.5 size-5 text-brand-700" />
            <span className="sr-only">When</span>
          </dt>
          <dd>
            <time dateTime={event.startIso} className="font-semibold">
              {event.dateLabel}
            </time>
            {event.timeLabel ? (
              <>
                <br />
                <span>{event.timeLabel}</span>
              </>
            ) : null}
            <br />
            <span className="text-sm text-slate-700">Time zone: {event.zoneLabel}</span>
          </dd>
        </div>
        {event.venue ? (
          <div className="flex gap-3">
            <dt>
              <MapPin aria-hidden="true" className="mt-0.5 size-5 text-brand-700" />
              <span className="sr-only">Venue</span>
            </dt>
            <dd>{event.venue}</dd>
          </div>
        ) : null}
        {event.onlineUrl ? (
          <div className="flex gap-3">
            <dt>
              <Globe aria-hidden="true" className="mt-0.5 size-5 text-brand-700" />
              <span className="sr-only">Online</span>
            </dt>
            <dd>
              <a
                href={event.onlineUrl}
                rel="noopener noreferrer nofollow"
                className="break-all text-brand-700 underline"
              >
                Join online
              </a>
            </dd>
          </div>
        ) : null}
        {event.bookingUrl && !event.past ? (
          <div className="flex gap-3">
            <dt>
              <Ticket aria-hidden="true" className="mt-0.5 size-5 text-brand-700" />
              <span className="sr-only">Booking</span>
            </dt>
            <dd>
              <a
                href={event.bookingUrl}
                rel="noopener noreferrer nofollow"
                className="font-semibold text-brand-700 underline"
              >
                Book a place
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {event.past ? null : (
        <details className="mt-4">
          <summary className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-brand-700 bg-white px-3 py-1.5 text-sm font-semibold text-brand-900">
            <CalendarPlus aria-hidden="true" className="size-4" />
            Add to calendar
          </summary>
          <ul className="mt-2 grid gap-1 text-sm">
            <li>
              <a href={event.calendar.ics} download className="text-brand-700 underline">
                Calendar file (.ics): Apple Calendar, Outlook, others
              </a>
            </li>
            <li>
              <a
                href={event.calendar.google}
                rel="noopener noreferrer nofollow"
                target="_blank"
                className="text-brand-700 underline"
              >
                Google Calendar
              </a>
            </li>
            <li>
              <a
                href={event.calendar.outlook}
                rel="noopener noreferrer nofollow"
                target="_blank"
                className="text-brand-700 underline"
              >
                Outlook.com
              </a>
            </li>
          </ul>
        </details>
      )}
    </section>
  );
}
