/**
 * The top of an event post (docs/decisions/0115): when (in the event's time zone,
 * labelled with it), where, booking, and "Add to calendar": a disclosure
 * (works without JavaScript) with the .ics file and Google Calendar and
 * Outlook links.
 */
import type { ReactNode } from "react";
import { CalendarDays, CalendarPlus, Globe, MapPin, Ticket, type LucideIcon } from "lucide-react";
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
        <Detail icon={CalendarDays} term="When">
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
        </Detail>
        {event.venue ? (
          <Detail icon={MapPin} term="Venue">
            {event.venue}
          </Detail>
        ) : null}
        {event.onlineUrl ? (
          <Detail icon={Globe} term="Online">
            <a
              href={event.onlineUrl}
              rel="noopener noreferrer nofollow"
              className="break-all text-brand-700 underline"
            >
              Join online
            </a>
          </Detail>
        ) : null}
        {event.bookingUrl && !event.past ? (
          <Detail icon={Ticket} term="Booking">
            <a
              href={event.bookingUrl}
              rel="noopener noreferrer nofollow"
              className="font-semibold text-brand-700 underline"
            >
              Book a place
            </a>
          </Detail>
        ) : null}
      </dl>
      {event.past ? null : <AddToCalendar calendar={event.calendar} />}
    </section>
  );
}

/** One line of the details: an icon naming it (its term for screen readers) and the value. */
function Detail({
  icon: Icon,
  term,
  children,
}: {
  icon: LucideIcon;
  term: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <dt>
        <Icon aria-hidden="true" className="mt-0.5 size-5 text-brand-700" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The .ics file and the Google Calendar and Outlook links, in a disclosure. */
function AddToCalendar({ calendar }: { calendar: EventView["calendar"] }) {
  return (
    <details className="mt-4">
      <summary className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-brand-700 bg-white px-3 py-1.5 text-sm font-semibold text-brand-900">
        <CalendarPlus aria-hidden="true" className="size-4" />
        Add to calendar
      </summary>
      <ul className="mt-2 grid gap-1 text-sm">
        <li>
          <a href={calendar.ics} download className="text-brand-700 underline">
            Calendar file (.ics): Apple Calendar, Outlook, others
          </a>
        </li>
        <li>
          <a
            href={calendar.google}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="text-brand-700 underline"
          >
            Google Calendar
          </a>
        </li>
        <li>
          <a
            href={calendar.outlook}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="text-brand-700 underline"
          >
            Outlook.com
          </a>
        </li>
      </ul>
    </details>
  );
}
