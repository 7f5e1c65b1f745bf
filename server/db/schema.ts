/**
 * The whole data model (docs/product/README.md#data-model and docs/product/README.md#data-model), plus what the behaviour
 * needs: the auth library's tables, sign-up and login attempts, broadcasts.
 *
 * Rules kept by the database itself (see migrations/0001_rules.sql):
 * counters (comment_count, like_count, usage_count) are maintained by
 * triggers in the same transaction as the rows they count; the reserved
 * category `uncategorized` can be neither deleted nor renamed; deleting a
 * category moves its posts to it (ON DELETE SET DEFAULT).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Fixed id of the reserved `uncategorized` category: the default of posts.category_id. */
export const UNCATEGORIZED_ID = "00000000-0000-4000-8000-000000000001";
/** Fixed id of the single site_settings row. */
export const SITE_SETTINGS_ID = 1;

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------- enumerations

export const roleEnum = pgEnum("role", ["user", "mentor", "admin"]);
export const accountStatusEnum = pgEnum("account_status", ["pending", "approved", "blocked"]);
export const userTypeEnum = pgEnum("user_type", [
  "Student",
  "Aspiring Entrepreneur",
  "Entrepreneur",
  "Working Professional",
  "Mentor",
]);
export const postTypeEnum = pgEnum("post_type", ["blog", "external_link"]);
/** `pending`: submitted for review (the spec's unnamed pending-type state, yellow badge). */
export const postStatusEnum = pgEnum("post_status", ["draft", "pending", "published"]);
export const audioTypeEnum = pgEnum("audio_type", ["mp3", "mp4", "wav", "embed"]);
export const notificationTypeEnum = pgEnum("notification_type", [
  "follow",
  "approval",
  "promotion",
  "broadcast",
  // docs/milestones.md#issue-20-members-come-back: the community's own events (decision 0120).
  "reply",
  "comment",
  "new_post",
  "mention",
]);
/** What a member may report (docs/decisions/0122). */
export const reportReasonEnum = pgEnum("report_reason", ["spam", "abuse", "off_topic", "other"]);
export const reportStatusEnum = pgEnum("report_status", ["open", "dismissed", "actioned"]);
/** Widget types; sidebar widgets are JSON, so the database checks these with CHECK constraints. */
export const WIDGET_TYPES = ["image", "html", "text"] as const;
export const schemaTypeEnum = pgEnum("schema_type", ["NewsArticle", "BlogPosting", "Article"]);
export const broadcastRoleFilterEnum = pgEnum("broadcast_role_filter", [
  "all",
  "user",
  "mentor",
  "admin",
]);
export const broadcastStatusFilterEnum = pgEnum("broadcast_status_filter", [
  "approved",
  "all",
  "pending",
  "blocked",
]);

/** A sidebar widget (docs/product/README.md#data-model). Its `type` is checked by the database (see sidebar_widgets_valid). */
export type SidebarWidget = {
  type: (typeof WIDGET_TYPES)[number];
  order: number;
  image_url?: string | null;
  link_url?: string | null;
  /** Alt text for image widgets, the body for text widgets. */
  content?: string | null;
  html_code?: string | null;
};

export type ConsentCategories = { essential: true; analytics: boolean; marketing: boolean };

// ------------------------------------------------------ the auth library's own

/** Better Auth `user`. The product's fields live in `profiles`, 1:1. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    username: text("username"),
    displayUsername: text("display_username"),
    /** Better Auth's twoFactor plugin: set once a member has confirmed an authenticator code. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("accounts_user_id_idx").on(t.userId),
    uniqueIndex("accounts_provider_account_key").on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * Better Auth's twoFactor plugin: a member's authenticator secret and recovery
 * codes, both encrypted with the auth secret (docs/decisions/0138).
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * The 30-second step of the last authenticator code accepted (Unix time
     * / 30): a code is taken once, and never one older than this (docs/milestones.md#issue-29-trust,
     * docs/decisions/0166). Not the library's: server/auth/totp-once.ts.
     */
    lastTotpStep: integer("last_totp_step"),
  },
  (t) => [
    index("two_factors_secret_idx").on(t.secret),
    index("two_factors_user_id_idx").on(t.userId),
  ],
);

/** Better Auth's database-backed rate limiter. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// -------------------------------------------------------------------- profiles

/**
 * What the admin's member searches match a text in (docs/milestones.md#issue-19-administration-on-a-phone-and-at-scale): the username
 * and the full name, lower-cased, a newline between them so that no search
 * (which never holds one) matches across both. The trigram index
 * profiles_name_trgm_idx is on this very expression; a query must use it
 * unchanged for the index to serve it.
 */
export const profileNameSearchKey = (username: AnyPgColumn, fullName: AnyPgColumn) =>
  sql`lower(${username} || E'\\n' || coalesce(${fullName}, ''))`;

/**
 * The member (spec "profile"). `email` and `username` mirror the auth user's,
 * written in the same transaction; neither can be changed in the product.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    username: text("username").notNull(),
    fullName: text("full_name"),
    profilePhotoUrl: text("profile_photo_url"),
    bio: text("bio"),
    userType: userTypeEnum("user_type"),
    linkedinUrl: text("linkedin_url"),
    websiteUrl: text("website_url"),
    role: roleEnum("role").notNull().default("user"),
    status: accountStatusEnum("status").notNull().default("pending"),
    profileCompleted: boolean("profile_completed").notNull().default(false),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    locationCity: text("location_city"),
    locationCountry: text("location_country"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("profiles_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("profiles_email_key").on(sql`lower(${t.email})`),
    index("profiles_role_status_idx").on(t.role, t.status),
    index("profiles_created_at_idx").on(t.createdAt),
    // The admin's Users tab sorted by role or status (docs/milestones.md#issue-19-administration-on-a-phone-and-at-scale), read either way.
    index("profiles_role_id_idx").on(t.role, t.id),
    index("profiles_status_id_idx").on(t.status, t.id),
    // The admin's Users and Posts searches (docs/milestones.md#issue-19-administration-on-a-phone-and-at-scale): a text anywhere in the username or the
    // name (one key, so one index), or in the e-mail address.
    index("profiles_name_trgm_idx").using(
      "gin",
      sql`${profileNameSearchKey(t.username, t.fullName)} gin_trgm_ops`,
    ),
    index("profiles_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    check("profiles_username_format", sql`${t.username} ~ '^[a-z0-9_]+$'`),
    check("profiles_bio_length", sql`char_length(${t.bio}) <= 500`),
  ],
);

// ------------------------------------------------------------------ categories

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    schemaType: schemaTypeEnum("schema_type").notNull().default("Article"),
    sidebarWidget: jsonb("sidebar_widget").$type<SidebarWidget | null>(),
    sidebarWidget2: jsonb("sidebar_widget_2").$type<SidebarWidget | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("categories_slug_key").on(t.slug),
    index("categories_name_idx").on(t.name),
    check("categories_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "categories_sidebar_widget_valid",
      sql`${t.sidebarWidget} IS NULL OR ${t.sidebarWidget}->>'type' IN ('image', 'html', 'text')`,
    ),
    check(
      "categories_sidebar_widget_2_valid",
      sql`${t.sidebarWidget2} IS NULL OR ${t.sidebarWidget2}->>'type' IN ('image', 'html', 'text')`,
    ),
  ],
);

// ----------------------------------------------------------------------- posts

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull().default(""),
    excerpt: text("excerpt"),
    postType: postTypeEnum("post_type").notNull().default("blog"),
    externalUrl: text("external_url"),
    featuredImageUrl: text("featured_image_url"),
    featuredVideoUrl: text("featured_video_url"),
    /**
     * The still of a Vimeo link in featured_image_url (or in
     * featured_video_url when there is no featured image), from Vimeo's
     * oEmbed answer at save time: unlike YouTube's, its address cannot be
     * derived from the video's id. Null when there is none or it could not
     * be fetched.
     */
    videoThumbnailUrl: text("video_thumbnail_url"),
    featuredAudioUrl: text("featured_audio_url"),
    audioType: audioTypeEnum("audio_type"),
    /**
     * What the podcast feed's enclosure and itunes:duration need (docs/decisions/0111), read from the audio file when the post is saved: its size in
     * bytes, its MIME type and its length in whole seconds. Null when the
     * file could not be read (an embed, an unreachable host).
     */
    audioBytes: bigint("audio_bytes", { mode: "number" }),
    audioMimeType: text("audio_mime_type"),
    audioDurationSeconds: integer("audio_duration_seconds"),
    /**
     * An Events post's event (docs/decisions/0115): its start and end as instants
     * (UTC), the IANA time zone it is held in (shown and written to calendars
     * in that zone), a venue and/or an online link, and a booking link. All
     * null for other posts: the save clears them outside the Events category.
     */
    eventStartsAt: timestamp("event_starts_at", { withTimezone: true }),
    eventEndsAt: timestamp("event_ends_at", { withTimezone: true }),
    eventTimeZone: text("event_time_zone"),
    eventVenue: text("event_venue"),
    eventOnlineUrl: text("event_online_url"),
    eventBookingUrl: text("event_booking_url"),
    /**
     * A WebVTT captions file for a featured video file (docs/decisions/0113): its
     * address on this site's storage, language (BCP 47) and label.
     */
    captionsUrl: text("captions_url"),
    captionsLang: text("captions_lang"),
    captionsLabel: text("captions_label"),
    categoryId: uuid("category_id")
      .notNull()
      .default(sql.raw(`'${UNCATEGORIZED_ID}'::uuid`))
      .references(() => categories.id, { onDelete: "set default" }),
    authorId: text("author_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /**
     * The author's username, kept by a trigger (migration admin_author_sort) whenever the
     * author changes: the admin's Posts tab sorts by it with an index instead of joining
     * and sorting every post (docs/milestones.md#issue-19-administration-on-a-phone-and-at-scale). Never written by the app.
     */
    authorUsername: text("author_username").notNull().default(""),
    status: postStatusEnum("status").notNull().default("draft"),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** Set at first publication; a future time schedules the post. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    viewCount: integer("view_count").notNull().default(0),
    /** Live (not deleted) comments, kept by a trigger. */
    commentCount: integer("comment_count").notNull().default(0),
    readingTimeMinutes: integer("reading_time_minutes").notNull().default(1),
    sidebarWidgets: jsonb("sidebar_widgets").$type<SidebarWidget[]>().notNull().default([]),
    sidebarWidget2: jsonb("sidebar_widget_2").$type<SidebarWidget | null>(),
    sidebarEnabled: boolean("sidebar_enabled").notNull().default(true),
    ogTitle: text("og_title"),
    ogDescription: text("og_description"),
    ogImage: text("og_image"),
    lastAutosave: timestamp("last_autosave", { withTimezone: true }),
    /** Who saved it last (a person or their autosave): named when a stale save is refused (docs/milestones.md#issue-18-the-writing-studio). */
    updatedBy: text("updated_by").references((): AnyPgColumn => profiles.id, {
      onDelete: "set null",
    }),
    /**
     * Title, excerpt and the body as the reader sees it (tags dropped, block
     * ends as spaces, character references decoded, spaces collapsed), lower
     * case, for search. post_search_text() is defined in migration 0007.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`post_search_text(title, excerpt, content)`,
    ),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') || setweight(to_tsvector('english', regexp_replace(content, '<[^>]*>', ' ', 'g')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("posts_slug_key").on(t.slug),
    // Newest first with a tiebreak: lists, and search's walk through the bodies.
    // Plain DESC (nulls first), as the queries' ORDER BY ... DESC: an index
    // DESC NULLS LAST cannot give that order, and the list would be sorted.
    index("posts_published_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("posts_category_published_idx")
      .on(t.categoryId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("posts_featured_published_idx")
      .on(t.publishedAt.desc().nullsFirst())
      .where(sql`${t.status} = 'published' AND ${t.isFeatured}`),
    index("posts_author_idx").on(t.authorId, t.publishedAt.desc().nullsFirst()),
    // The Events category's list (docs/decisions/0115): upcoming events found by their end, past
    // events walked by start, newest first. Both only hold posts with an event, so the
    // planner never takes them for another category's archive (migration 0018).
    index("posts_event_ends_idx")
      .on(t.categoryId, t.eventEndsAt)
      .where(sql`${t.status} = 'published' AND ${t.eventStartsAt} IS NOT NULL`),
    index("posts_event_past_idx")
      .on(t.categoryId, t.eventStartsAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published' AND ${t.eventStartsAt} IS NOT NULL`),
    check("posts_event_ends_after_start", sql`${t.eventEndsAt} > ${t.eventStartsAt}`),
    // The admin's Posts tab sorted by a column (docs/milestones.md#issue-19-administration-on-a-phone-and-at-scale): each read forwards or backwards,
    // the published date twice because drafts (NULL) come last both ways.
    index("posts_created_id_idx").on(t.createdAt, t.id),
    index("posts_author_sort_idx").on(t.authorUsername, t.id),
    index("posts_title_sort_idx").on(sql`lower(${t.title})`, t.id),
    index("posts_status_id_idx").on(t.status, t.id),
    index("posts_type_id_idx").on(t.postType, t.id),
    index("posts_published_asc_idx").on(t.publishedAt.asc().nullsLast(), t.id.asc()),
    index("posts_published_desc_idx").on(
      t.publishedAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    // No index holds view_count: each counted view then updates the row in place (a HOT
    // update) instead of writing new entries into every index, the text indexes included
    // (migration 0013). Most viewed reads the last 30 days' posts through posts_published_idx.
    index("posts_search_vector_idx").using("gin", t.searchVector),
    index("posts_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // Search's title and excerpt tiers when a query matches very many posts.
    index("posts_title_trgm_idx").using("gin", sql`lower(${t.title}) gin_trgm_ops`),
    index("posts_excerpt_trgm_idx").using(
      "gin",
      sql`lower(coalesce(${t.excerpt}, '')) gin_trgm_ops`,
    ),
    check("posts_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "posts_published_has_date",
      sql`${t.status} <> 'published' OR ${t.publishedAt} IS NOT NULL`,
    ),
    check("posts_counts_non_negative", sql`${t.viewCount} >= 0 AND ${t.commentCount} >= 0`),
    check("posts_reading_time_positive", sql`${t.readingTimeMinutes} >= 1`),
    check(
      "posts_sidebar_widgets_valid",
      sql`jsonb_typeof(${t.sidebarWidgets}) = 'array' AND NOT jsonb_path_exists(${t.sidebarWidgets}, '$[*] ? (!(@.type == "image" || @.type == "html" || @.type == "text"))')`,
    ),
    check(
      "posts_sidebar_widget_2_valid",
      sql`${t.sidebarWidget2} IS NULL OR ${t.sidebarWidget2}->>'type' IN ('image', 'html', 'text')`,
    ),
  ],
);

/**
 * Recent views: one row per post and visitor (a keyed hash of address and
 * browser, never the address itself), so a visitor counts at most once per
 * post per 30 minutes. Rows older than that are deleted as views come in.
 */
export const postViews = pgTable(
  "post_views",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    visitorKey: text("visitor_key").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.visitorKey] }),
    index("post_views_viewed_at_idx").on(t.viewedAt),
  ],
);

/**
 * Counted views per post per UTC day (docs/product/administration.md#analytics): one row per post and
 * day, added to in the statement that counts a view (registerView), so the
 * admin's and authors' charts read a few hundred rows, never the views.
 */
export const postDailyViews = pgTable(
  "post_daily_views",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] }), index("post_daily_views_day_idx").on(t.day)],
);

// ------------------------------------------------------------------------ tags

export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** Posts carrying the tag, kept by a trigger on post_tags. */
    usageCount: integer("usage_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tags_slug_key").on(t.slug),
    index("tags_usage_count_idx").on(t.usageCount.desc()),
    check("tags_usage_count_non_negative", sql`${t.usageCount} >= 0`),
  ],
);

export const postTags = pgTable(
  "post_tags",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("post_tags_tag_id_idx").on(t.tagId)],
);

// ------------------------------------------------------------ writing studio

/**
 * A post's history (docs/milestones.md#issue-18-the-writing-studio): a copy of the title, body, excerpt and author
 * at every save by a person (not autosave). The last 50 per post are kept;
 * deleting the post deletes them.
 */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    /** Who saved it. */
    savedBy: text("saved_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("post_revisions_post_id_created_at_idx").on(t.postId, t.createdAt)],
);

/**
 * A draft's "share preview" link (docs/milestones.md#issue-18-the-writing-studio): the token's SHA-256 only, so the
 * table never holds a working link. One per post; revoked by deleting it,
 * and it stops working once the post is published.
 */
export const postPreviewLinks = pgTable("post_preview_links", {
  postId: uuid("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

// -------------------------------------------------------------------- comments

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** One reply level: a reply points at a top-level comment. */
    parentId: uuid("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    /** Kept by a trigger on comment_likes. */
    likeCount: integer("like_count").notNull().default(0),
    isDeleted: boolean("is_deleted").notNull().default(false),
    /**
     * Hidden from readers while three members' reports are open (decision
     * 0122); kept with the reports in the same transaction.
     */
    isHidden: boolean("is_hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("comments_post_idx")
      .on(t.postId, t.createdAt.desc())
      .where(sql`NOT ${t.isDeleted}`),
    index("comments_parent_idx").on(t.parentId),
    index("comments_author_idx").on(t.authorId),
    check("comments_content_length", sql`char_length(btrim(${t.content})) BETWEEN 1 AND 5000`),
    check("comments_like_count_non_negative", sql`${t.likeCount} >= 0`),
  ],
);

export const commentLikes = pgTable(
  "comment_likes",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index("comment_likes_user_idx").on(t.userId),
  ],
);

// --------------------------------------------------------- favourites, follows

export const favorites = pgTable(
  "favorites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("favorites_user_post_key").on(t.userId, t.postId),
    index("favorites_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("favorites_post_idx").on(t.postId),
  ],
);

export const follows = pgTable(
  "follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    followingId: text("following_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    index("follows_following_idx").on(t.followingId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followingId}`),
  ],
);

// --------------------------------------------------------------- notifications

export const broadcasts = pgTable(
  "broadcasts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    link: text("link").notNull(),
    roleFilter: broadcastRoleFilterEnum("role_filter").notNull().default("all"),
    statusFilter: broadcastStatusFilterEnum("status_filter").notNull().default("approved"),
    recipientCount: integer("recipient_count").notNull().default(0),
    sentBy: text("sent_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("broadcasts_created_idx").on(t.createdAt.desc()),
    check("broadcasts_title_length", sql`char_length(${t.title}) BETWEEN 1 AND 100`),
    check("broadcasts_message_length", sql`char_length(${t.message}) <= 500`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    type: notificationTypeEnum("type").notNull(),
    title: text("title").notNull(),
    message: text("message"),
    link: text("link"),
    isRead: boolean("is_read").notNull().default(false),
    broadcastId: uuid("broadcast_id").references(() => broadcasts.id, { onDelete: "set null" }),
    /**
     * A grouped notification's target (e.g. "comment:ID"): while unread, the
     * same type on the same target for the same member updates this row
     * instead of adding one (decision 0120). Null: never grouped.
     */
    groupKey: text("group_key"),
    /** The members whose actions this row tells of (grouped rows: each once). */
    actorIds: text("actor_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_unread_group_key")
      .on(t.userId, t.type, t.groupKey)
      .where(sql`NOT ${t.isRead} AND ${t.groupKey} IS NOT NULL`),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_user_unread_idx")
      .on(t.userId, t.createdAt.desc())
      .where(sql`NOT ${t.isRead}`),
    index("notifications_user_type_idx").on(t.userId, t.type, t.createdAt.desc()),
  ],
);

/**
 * Posts whose publication has been announced to the author's followers
 * (a new_post notification, decision 0121): a row is claimed once per post,
 * by whichever instance sees the post public first.
 */
export const postAnnouncements = pgTable("post_announcements", {
  postId: uuid("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  announcedAt: timestamp("announced_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------- reports

/**
 * A member's report of a comment or a post (docs/decisions/0122): one
 * per member and item; open until an admin dismisses it or deletes the item.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    /** The post reported, or the reported comment's post (the page to drop from the cache). */
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    reason: reportReasonEnum("reason").notNull(),
    details: text("details"),
    status: reportStatusEnum("status").notNull().default("open"),
    resolvedBy: text("resolved_by").references(() => profiles.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_reporter_comment_key")
      .on(t.reporterId, t.commentId)
      .where(sql`${t.commentId} IS NOT NULL`),
    uniqueIndex("reports_reporter_post_key")
      .on(t.reporterId, t.postId)
      .where(sql`${t.commentId} IS NULL`),
    index("reports_open_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.status} = 'open'`),
    index("reports_comment_idx").on(t.commentId),
    index("reports_post_idx").on(t.postId),
    check("reports_details_length", sql`char_length(${t.details}) <= 500`),
  ],
);

/**
 * How a member wants each notification type (docs/milestones.md#issue-20-members-come-back): in the app only, an
 * e-mail at once, in the weekly digest, or off. A row only where the member
 * chose something other than the type's default (app/features/email-preferences).
 * The type is text: the list of types is the code's (new types need no migration).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    channel: text("channel").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check(
      "notification_preferences_channel",
      sql`${t.channel} IN ('app', 'email', 'digest', 'off')`,
    ),
  ],
);

/**
 * E-mails sent by jobs, one row per idempotency key (docs/decisions/0124):
 * written right after the SMTP server accepts the message, and read before
 * sending, so a job run again after a crash does not send it twice.
 */
export const mailDeliveries = pgTable(
  "mail_deliveries",
  {
    key: text("key").primaryKey(),
    userId: text("user_id").references(() => profiles.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_deliveries_sent_at_idx").on(t.sentAt)],
);

// ---------------------------------------------------------------------- consent

export const cookieConsents = pgTable(
  "cookie_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => profiles.id, { onDelete: "set null" }),
    sessionId: text("session_id").notNull(),
    consentGiven: boolean("consent_given").notNull(),
    consentCategories: jsonb("consent_categories").$type<ConsentCategories>().notNull(),
    geoLocation: text("geo_location"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("cookie_consents_session_idx").on(t.sessionId),
    index("cookie_consents_user_idx").on(t.userId),
  ],
);

// ------------------------------------------------------------------ site settings

export const DEFAULT_COOKIE_BANNER_MESSAGE =
  "We use essential cookies to make this site work, and analytics cookies to understand how you use it. Analytics cookies are only set if you accept them.";

export const DEFAULT_COOKIE_POLICY_CONTENT = `<h2>Cookie policy</h2>
<p>Essential cookies keep you signed in and remember your cookie choice. They are always on.</p>
<p>Analytics and marketing cookies are set only when you accept them, and only when the site's tracking is switched on.</p>
<p>You can change your choice at any time with the reset button on this page.</p>`;

export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(SITE_SETTINGS_ID),
    defaultSidebarBannerUrl: text("default_sidebar_banner_url"),
    defaultSidebarBannerLink: text("default_sidebar_banner_link"),
    /** The law firm's promotional banner in the header area. */
    headerBannerText: text("header_banner_text"),
    headerBannerLink: text("header_banner_link"),
    headerBannerImageUrl: text("header_banner_image_url"),
    scriptsEnabled: boolean("scripts_enabled").notNull().default(true),
    googleAnalyticsId: text("google_analytics_id"),
    googleAnalyticsEnabled: boolean("google_analytics_enabled").notNull().default(false),
    metaPixelId: text("meta_pixel_id"),
    metaPixelEnabled: boolean("meta_pixel_enabled").notNull().default(false),
    googleTagManagerId: text("google_tag_manager_id"),
    googleTagManagerEnabled: boolean("google_tag_manager_enabled").notNull().default(false),
    googleSearchConsoleVerification: text("google_search_console_verification"),
    customHeadScripts: text("custom_head_scripts"),
    customBodyScripts: text("custom_body_scripts"),
    cookieConsentEnabled: boolean("cookie_consent_enabled").notNull().default(true),
    cookieBannerMessage: text("cookie_banner_message")
      .notNull()
      .default(DEFAULT_COOKIE_BANNER_MESSAGE),
    cookiePolicyContent: text("cookie_policy_content")
      .notNull()
      .default(DEFAULT_COOKIE_POLICY_CONTENT),
    requireConsentForUk: boolean("require_consent_for_uk").notNull().default(true),
    /** The footer's contact line; null: hello@ the site's domain (decision 0032). */
    footerContactEmail: text("footer_contact_email"),
    /** The footer's social links; each shown only when set. */
    socialLinkedinUrl: text("social_linkedin_url"),
    socialXUrl: text("social_x_url"),
    socialInstagramUrl: text("social_instagram_url"),
    socialYoutubeUrl: text("social_youtube_url"),
    socialFacebookUrl: text("social_facebook_url"),
    /**
     * The Podcast category's feed (/podcast.xml, docs/decisions/0111): the show's
     * square artwork, Apple Podcasts category, owner and explicit flag.
     */
    podcastImageUrl: text("podcast_image_url"),
    podcastCategory: text("podcast_category").notNull().default("Business"),
    podcastOwnerName: text("podcast_owner_name"),
    podcastOwnerEmail: text("podcast_owner_email"),
    podcastExplicit: boolean("podcast_explicit").notNull().default(false),
    /**
     * The weekly digest (docs/milestones.md#issue-20-members-come-back): on or off, the day (0 Sunday … 6 Saturday)
     * and the time (HH:MM) it goes out, in the site's time zone.
     */
    digestEnabled: boolean("digest_enabled").notNull().default(true),
    digestDay: integer("digest_day").notNull().default(1),
    digestTime: text("digest_time").notNull().default("08:00"),
    /**
     * The site's IANA time zone (docs/decisions/0144): reader-facing dates on the
     * site, in feeds and in e-mails, and the digest's time, are in it
     * (docs/decisions/0144). Checked against the runtime's zones on save.
     */
    timeZone: text("time_zone").notNull().default("Europe/London"),
    /**
     * Admins must use two-factor authentication to open the admin pages
     * (docs/decisions/0138, docs/decisions/0140). On for a new site; migration 0030
     * leaves it off on a site that already had an admin.
     */
    requireAdminTwoFactor: boolean("require_admin_two_factor").notNull().default(true),
    /**
     * Added to the real number of members on /signup's heading (docs/decisions/0255);
     * 0, the default: the real count.
     */
    memberCountOffset: integer("member_count_offset").notNull().default(0),
    /** Set once the demo content has been loaded into this database. */
    demoContentLoadedAt: timestamp("demo_content_loaded_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("site_settings_single_row", sql`${t.id} = ${sql.raw(String(SITE_SETTINGS_ID))}`),
    check("site_settings_digest_day", sql`${t.digestDay} BETWEEN 0 AND 6`),
    check("site_settings_digest_time", sql`${t.digestTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

// ------------------------------------------------------------- moderation, redirects

export const bannedWords = pgTable(
  "banned_words",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    word: text("word").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("banned_words_word_key").on(t.word),
    check("banned_words_normalised", sql`${t.word} = lower(btrim(${t.word})) AND ${t.word} <> ''`),
  ],
);

export const urlRedirects = pgTable(
  "url_redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fromPath: text("from_path").notNull(),
    toPath: text("to_path").notNull(),
    statusCode: integer("status_code").notNull().default(301),
    notes: text("notes"),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("url_redirects_from_path_key").on(t.fromPath),
    index("url_redirects_created_idx").on(t.createdAt.desc()),
    check("url_redirects_status_code", sql`${t.statusCode} IN (301, 302, 307, 308)`),
    check("url_redirects_from_path_format", sql`${t.fromPath} LIKE '/%'`),
  ],
);

// ------------------------------------------------------------------ audit trail

/**
 * Every admin action, recorded with who, what and when (beyond the spec).
 * The actor's username is copied so the record still reads after the
 * account is deleted; target_label likewise keeps the target's name.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    actorUsername: text("actor_username"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_created_idx").on(t.createdAt.desc()),
    index("admin_audit_log_actor_idx").on(t.actorId, t.createdAt.desc()),
  ],
);

// ------------------------------------------------------------ attempts (rate limits)

export const signupAttempts = pgTable(
  "signup_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ipAddress: text("ip_address").notNull(),
    email: text("email").notNull(),
    succeeded: boolean("succeeded").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("signup_attempts_ip_idx").on(t.ipAddress, t.createdAt.desc()),
    index("signup_attempts_email_idx").on(t.email, t.createdAt.desc()),
  ],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => profiles.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    succeeded: boolean("succeeded").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_user_idx").on(t.userId, t.createdAt.desc()),
    index("login_attempts_email_idx").on(t.email, t.createdAt.desc()),
    index("login_attempts_ip_idx").on(t.ipAddress, t.createdAt.desc()),
  ],
);

/**
 * Idempotency keys of members' writes (docs/decisions/0064): a submission's
 * key, claimed in the same transaction as its write, with the write's result,
 * so that a retry with the same key gets that result and writes nothing.
 * Kept a day.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** What the key was used for (e.g. "comment:<post id>"): the same key elsewhere is refused. */
    scope: text("scope").notNull(),
    result: jsonb("result"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
  ],
);

// ---------------------------------------------------------------- content API keys

/**
 * Keys for the read-only Content API (/api/content/v1, docs/operations.md#content-api). Only
 * the key's SHA-256 is kept (the key is shown once, at creation) and its
 * first characters, so that an admin can tell keys apart. A revoked key
 * stays listed with its revocation time and no longer opens the API.
 */
export const contentApiKeys = pgTable(
  "content_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    keyPrefix: text("key_prefix").notNull(),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("content_api_keys_hash_key").on(t.keyHash),
    check("content_api_keys_name_length", sql`char_length(${t.name}) BETWEEN 1 AND 100`),
  ],
);

// ---------------------------------------------------------------------- webhooks

export const WEBHOOK_EVENTS = [
  "post.published",
  "post.updated",
  "post.deleted",
  "member.approved",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Webhooks an admin configures (docs/operations.md#content-api): a URL, the events it wants and
 * the secret its deliveries are signed with (HMAC-SHA256; kept in clear
 * because signing needs it, shown to admins only).
 */
export const webhooks = pgTable("webhooks", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  events: text("events").array().$type<WebhookEvent[]>().notNull(),
  secret: text("secret").notNull(),
  createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** Each delivery attempt's answer (the newest are shown on the admin page). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    /** The answer's first characters, or why there was none. */
    response: text("response"),
    ok: boolean("ok").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt.desc())],
);
