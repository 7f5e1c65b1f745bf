import type { SidebarWidget } from "#server/db/schema";

export type AuthorSummary = {
  username: string;
  name: string;
  photoUrl: string | null;
  role: "user" | "mentor" | "admin";
};

export type PostCard = {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  postType: "blog" | "external_link";
  featuredImageUrl: string | null;
  featuredVideoUrl: string | null;
  /** A Vimeo link's still, resolved at save time (app/features/authoring/video-thumbnail.server.ts). */
  videoThumbnailUrl: string | null;
  publishedAt: Date;
  commentCount: number;
  viewCount: number;
  readingTimeMinutes: number;
  isFeatured: boolean;
  author: AuthorSummary;
  category: { id: string; name: string; slug: string };
};

export type PostDetail = PostCard & {
  content: string;
  externalUrl: string | null;
  featuredAudioUrl: string | null;
  audioType: "mp3" | "mp4" | "wav" | "embed" | null;
  /** Read from the file when saved (docs/milestones.md#issue-21-reach): size, type and length; null when unknown. */
  audioBytes: number | null;
  audioMimeType: string | null;
  audioDurationSeconds: number | null;
  /** An Events post's event (docs/decisions/0115): instants, the IANA zone, where, booking; else null. */
  eventStartsAt: Date | null;
  eventEndsAt: Date | null;
  eventTimeZone: string | null;
  eventVenue: string | null;
  eventOnlineUrl: string | null;
  eventBookingUrl: string | null;
  /** A WebVTT captions file for a featured video file (docs/decisions/0113). */
  captionsUrl: string | null;
  captionsLang: string | null;
  captionsLabel: string | null;
  updatedAt: Date;
  sidebarEnabled: boolean;
  sidebarWidgets: SidebarWidget[];
  sidebarWidget2: SidebarWidget | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  category: PostCard["category"] & {
    schemaType: "NewsArticle" | "BlogPosting" | "Article";
    sidebarWidget: SidebarWidget | null;
    sidebarWidget2: SidebarWidget | null;
  };
  tags: { name: string; slug: string }[];
};

/** A widget ready to render: HTML widgets sanitised, order applied, empty ones dropped. */
export type RenderWidget =
  | { type: "image"; imageUrl: string; linkUrl: string | null; alt: string }
  | { type: "html"; html: string }
  | { type: "text"; text: string };

/** What the post page shows for one post (server-prepared: the body is sanitised). */
export type PostView = {
  post: Omit<PostDetail, "content">;
  /**
   * The sanitised body. Undefined in the browser for the page's own post,
   * whose body is in the markup only (`htmlInMarkup`, decision 0160).
   */
  html?: string;
  /** The body is in the document's markup and left out of its hydration data. */
  htmlInMarkup?: boolean;
  /** The excerpt, or the first 160 characters of the text. */
  description: string;
  /** The first 500 characters of the text (structured data). */
  bodyExcerpt: string;
  hero:
    | { kind: "video"; embedUrl: string }
    | {
        kind: "file";
        src: string;
        mime: string;
        poster: string | null;
        captions: { src: string; lang: string; label: string } | null;
      }
    | { kind: "image"; imageUrl: string; isVideo: boolean }
    | null;
  /**
   * The link previews' image (og:image, twitter:image, JSON-LD): og_image,
   * else the featured image, else the video's still; null for the site's default.
   */
  shareImage: string | null;
  audio:
    | {
        kind: "native";
        src: string;
        mime: string;
        /** Read from the file when it was saved (post.audio_duration_seconds); null when unknown. */
        durationSeconds: number | null;
        /** The player's artwork: the post's image, else the podcast's (docs/decisions/0268). */
        artwork: string;
      }
    | { kind: "embed"; src: string }
    | null;
  externalLink: { href: string; hostname: string } | null;
  /** An Events post's event, labelled in its time zone; null for other posts. */
  event: EventView | null;
  related: PostCard[];
  /** The author card that ends the article: the author's bio (the rest is `post.author`). */
  authorBio: string | null;
  sidebar: {
    featured: PostCard[];
    widgets: RenderWidget[];
    banner: { imageUrl: string; link: string | null } | null;
  } | null;
};

/**
 * What the post page shows for an event (docs/decisions/0115), prepared on the
 * server (app/features/events/event-view.server.ts): no time zone data in the
 * browser.
 */
export type EventView = {
  /** "Saturday 14 March 2026", or both days and times for an event over several days. */
  dateLabel: string;
  /** "18:30 – 20:30" (empty when dateLabel holds the times). */
  timeLabel: string;
  /** "Asia/Kolkata (GMT+5:30)". */
  zoneLabel: string;
  /** ISO 8601 with the zone's offset, for <time datetime> and JSON-LD. */
  startIso: string;
  endIso: string;
  venue: string | null;
  onlineUrl: string | null;
  bookingUrl: string | null;
  /** Ended already. */
  past: boolean;
  calendar: { ics: string; google: string; outlook: string };
};
