/**
 * The Events category's cards (docs/decisions/0115): "Upcoming events" (soonest
 * first), "Past events" (most recent first), then the category's other
 * posts; each event's card with its date, time zone and place.
 */
import { CalendarDays } from "lucide-react";
import { PostListItem } from "~/features/posts/post-list-item";
import type { PostCard } from "~/features/posts/types";
import type { EventCardLabel } from "./event-list.server";

type EventArchive = {
  page: number;
  posts: PostCard[];
  events: Record<string, EventCardLabel>;
  upcomingOnPage: number;
  pastOnPage: number;
};

function Cards({ posts, events }: { posts: PostCard[]; events: EventArchive["events"] }) {
  return (
    <ul className="mt-4 space-y-8">
      {posts.map((post, index) => {
        const event = events[post.id];
        return (
          <li key={post.id}>
            <PostListItem post={post} headingLevel={3} eager={index === 0}>
              {event ? (
                <p className="mt-1 flex gap-2 text-sm font-medium text-slate-800">
                  <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <time dateTime={event.startIso}>{event.when}</time>
                    {event.where ? ` · ${event.where}` : ""}
                  </span>
                </p>
              ) : null}
            </PostListItem>
          </li>
        );
      })}
    </ul>
  );
}

export function EventList({ archive }: { archive: EventArchive }) {
  const upcoming = archive.posts.slice(0, archive.upcomingOnPage);
  const past = archive.posts.slice(
    archive.upcomingOnPage,
    archive.upcomingOnPage + archive.pastOnPage,
  );
  const others = archive.posts.slice(archive.upcomingOnPage + archive.pastOnPage);
  return (
    <>
      {upcoming.length > 0 || archive.page === 1 ? (
        <section aria-labelledby="upcoming-events">
          <h2 id="upcoming-events" className="text-2xl font-bold text-slate-900">
            Upcoming events
          </h2>
          {upcoming.length > 0 ? (
            <Cards posts={upcoming} events={archive.events} />
          ) : (
            <p className="mt-2 text-slate-700">No upcoming events yet.</p>
          )}
        </section>
      ) : null}
      {past.length > 0 ? (
        <section
          aria-labelledby="past-events"
          className={upcoming.length > 0 || archive.page === 1 ? "mt-10" : ""}
        >
          <h2 id="past-events" className="text-2xl font-bold text-slate-900">
            Past events
          </h2>
          <Cards posts={past} events={archive.events} />
        </section>
      ) : null}
      {others.length > 0 ? (
        <section aria-labelledby="more-events-posts" className="mt-10">
          <h2 id="more-events-posts" className="text-2xl font-bold text-slate-900">
            More from Events
          </h2>
          <Cards posts={others} events={archive.events} />
        </section>
      ) : null}
    </>
  );
}
