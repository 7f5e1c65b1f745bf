/**
 * An event post's Event JSON-LD (docs/decisions/0115; schema.org/Event as Google's
 * event results read it): name, start and end with the zone's offset, the
 * attendance mode, a Place and/or a VirtualLocation, the booking link as an
 * offer, the site as organizer and the post's image.
 */
import type { MetaDescriptor } from "react-router";
import type { EventView } from "~/features/events/event-rules";
import { absoluteUrl, DEFAULT_SHARE_IMAGE, organization } from "./meta";

export function eventJsonLd(
  event: EventView,
  post: { title: string; slug: string },
  options: { description: string; image: string | null; siteName: string; siteUrl: string },
): MetaDescriptor {
  const { siteName, siteUrl } = options;
  const pageUrl = absoluteUrl(`/post/${post.slug}`, siteUrl);
  const place = event.venue ? { "@type": "Place", name: event.venue, address: event.venue } : null;
  const online = event.onlineUrl ? { "@type": "VirtualLocation", url: event.onlineUrl } : null;
  const mode =
    place && online
      ? "MixedEventAttendanceMode"
      : online
        ? "OnlineEventAttendanceMode"
        : "OfflineEventAttendanceMode";
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Event",
      name: post.title,
      description: options.description,
      startDate: event.startIso,
      endDate: event.endIso,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: `https://schema.org/${mode}`,
      location: place && online ? [place, online] : (place ?? online),
      image: [absoluteUrl(options.image || DEFAULT_SHARE_IMAGE.path, siteUrl)],
      url: pageUrl,
      organizer: organization(siteName, siteUrl),
      ...(event.bookingUrl
        ? {
            offers: {
              "@type": "Offer",
              url: event.bookingUrl,
              availability: "https://schema.org/InStock",
            },
          }
        : {}),
    },
  };
}
