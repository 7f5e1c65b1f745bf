import { Link, useActionData, useLoaderData, useRouteLoaderData } from "react-router";
import { ResponsiveImage } from "~/components/image/responsive-image";
import type { HeaderUser } from "~/features/accounts/header-user";
import { useViewer, viewerUser } from "~/features/accounts/viewer-parts";
import type { CommentDraft } from "~/features/comments/comment-form.server";
import type { CommentPage } from "~/features/comments/comments.server";
import { useCommentCount } from "~/features/comments/comment-count";
import { Conversation } from "~/features/comments/conversation";
import { FavoriteToggle } from "~/features/favorites/favorite-toggle";
import { formatDate, isoDate, plural } from "~/lib/format";
import { Avatar, FeaturedPostsWidget, postPath, VerifiedBadge } from "~/features/posts/post-card";
import { ShareControl } from "~/features/posts/share-control";
import { ReportButton } from "~/features/reports/lazy-report-button";
import { SidebarWidgets } from "~/features/posts/sidebar-widgets";
import type { PostView } from "~/features/posts/types";
import { tagPath } from "~/features/posts/archive";
import { EventSummary } from "~/features/events/lazy-event-summary";
import { AuthorCard } from "./author-card";
import { PodcastPlayer } from "./podcast-player";
import { PostBody } from "./post-body";
import { useSiteTimeZone } from "~/lib/site-time-zone";

/** One post as the post page shows it; also each post that infinite scroll appends. */
export function PostArticle({
  view,
  siteUrl,
  first,
}: {
  view: PostView;
  siteUrl: string;
  /** The page's own post: its title is the page's h1 and its hero loads eagerly. */
  first: boolean;
}) {
  const { post } = view;
  // On the members' shared page the member and the saved state come from /api/viewer (decision 0154).
  const viewer = useViewer();
  const user = viewerUser(
    useRouteLoaderData<{ user: HeaderUser | null }>("root")?.user ?? null,
    viewer,
  );
  // The page's own post comes with the member's saved state; appended posts ask for it.
  const pageData = useLoaderData<
    { saved?: boolean; comments?: CommentPage; followingAuthor?: boolean } | undefined
  >();
  const saved = !first
    ? undefined
    : (pageData?.saved ?? (viewer.shared ? (viewer.parts?.saved ?? false) : undefined));
  // A comment refused without JavaScript comes back with its message and text.
  const actionData = useActionData<{ commentDraft?: CommentDraft } | undefined>();
  const url = new URL(postPath(post), siteUrl).toString();
  const ids = { title: `post-title-${post.id}`, comments: `comments-${post.id}` };
  // Landmarks must have unique names once infinite scroll adds more posts.
  const suffix = first ? "" : `: ${post.title}`;
  // The shared page's count may be a minute old: the member's private request brings it now.
  const pageCount =
    (first && viewer.shared ? viewer.parts?.commentCount : null) ?? post.commentCount;

  return (
    <div
      className={`grid gap-10 ${view.sidebar ? "lg:grid-cols-[1fr_320px]" : "mx-auto max-w-3xl"}`}
    >
      <article aria-labelledby={ids.title} className="min-w-0" data-post-slug={post.slug}>
        <PostHeader
          post={post}
          ids={ids}
          first={first}
          pageCount={pageCount}
          user={user}
          saved={saved}
        />

        {view.event ? <EventSummary event={view.event} /> : null}

        <PostMedia view={view} first={first} />

        <ShareAndReport url={url} post={post} user={user} />

        {view.externalLink ? (
          <p className="mt-8 rounded-lg border border-brand-100 bg-brand-50 p-5">
            <a
              href={view.externalLink.href}
              target="_blank"
              rel="noopener noreferrer"
              className="text-lg font-semibold text-brand-900 underline-offset-4 hover:underline"
            >
              Read full article on {view.externalLink.hostname} →
            </a>
          </p>
        ) : null}

        <PostBody view={view} />

        <PostTags tags={post.tags} suffix={suffix} />

        <AuthorCard
          author={post.author}
          bio={view.authorBio}
          user={user}
          following={first ? pageData?.followingAuthor : undefined}
          suffix={suffix}
        />

        <AlsoRead related={view.related} suffix={suffix} />

        <section
          id={ids.comments}
          tabIndex={-1}
          aria-label={`Conversation${suffix}`}
          className="mt-12 scroll-mt-6 border-t border-slate-200 pt-8"
        >
          <h2 className="text-xl font-bold">Conversation</h2>
          <Conversation
            postId={post.id}
            postPath={postPath(post)}
            commentCount={pageCount}
            user={user}
            initial={first ? pageData?.comments : undefined}
            draft={
              first && actionData?.commentDraft?.postId === post.id
                ? actionData.commentDraft
                : undefined
            }
          />
        </section>
      </article>

      {view.sidebar ? (
        <PostSidebar sidebar={view.sidebar} title={post.title} suffix={suffix} />
      ) : null}
    </div>
  );
}

type Post = PostView["post"];

/** The category, the title, the excerpt and the byline with the comment count and the save toggle. */
function PostHeader({
  post,
  ids,
  first,
  pageCount,
  user,
  saved,
}: {
  post: Post;
  ids: { title: string; comments: string };
  first: boolean;
  pageCount: number;
  user: HeaderUser | null;
  saved: boolean | undefined;
}) {
  const timeZone = useSiteTimeZone();
  const Title = first ? "h1" : "h2";
  // Follows comments posted or deleted in place below.
  const commentCount = useCommentCount(post.id, pageCount);
  return (
    <header>
      <Link
        to={`/categories/${post.category.slug}`}
        className="text-sm font-semibold uppercase tracking-wide text-brand-700 hover:underline"
      >
        {post.category.name}
      </Link>
      <Title
        id={ids.title}
        className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl"
      >
        {post.title}
      </Title>
      {post.excerpt ? <p className="mt-3 text-lg text-slate-700">{post.excerpt}</p> : null}
      <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="flex items-center gap-3">
          <Avatar author={post.author} size={40} />
          <div className="text-sm">
            <p>
              <Link
                to={`/user/${post.author.username}`}
                className="font-semibold text-slate-900 hover:underline"
              >
                {post.author.name}
              </Link>
              <VerifiedBadge role={post.author.role} />
            </p>
            <p className="text-slate-700">
              <time dateTime={isoDate(post.publishedAt)}>
                {formatDate(post.publishedAt, timeZone)}
              </time>
              {" · "}
              {post.readingTimeMinutes} min read
            </p>
          </div>
        </div>
        <a
          href={`#${ids.comments}`}
          onClick={(event) => {
            // Scrolls without a history entry of its own (as scrolling between posts
            // adds none); without JavaScript the plain link does the same with one.
            const section = document.getElementById(ids.comments);
            if (!section || event.button !== 0 || event.metaKey || event.ctrlKey) return;
            event.preventDefault();
            section.scrollIntoView({ block: "start" });
            section.focus({ preventScroll: true });
          }}
          className="text-sm text-slate-800 underline"
        >
          {plural(commentCount, "comment")}
        </a>
        <FavoriteToggle postId={post.id} postPath={postPath(post)} user={user} saved={saved} />
      </div>
    </header>
  );
}

/** Share the post; approved members also report others' posts. */
function ShareAndReport({ url, post, user }: { url: string; post: Post; user: HeaderUser | null }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
      <ShareControl url={url} title={post.title} />
      {/* Approved members report others' posts (docs/decisions/0122; the server checks again). */}
      {user && user.status === "approved" && user.username !== post.author.username ? (
        <ReportButton
          kind="post"
          id={post.id}
          name={`post: ${post.title}`}
          className="text-sm font-medium text-slate-700 underline hover:text-slate-900"
        />
      ) : null}
    </div>
  );
}

/** The featured video (embedded or a file) or image above the post. */
function PostHero({
  hero,
  title,
  first,
}: {
  hero: NonNullable<PostView["hero"]>;
  title: string;
  first: boolean;
}) {
  return (
    <div className="mt-8 overflow-hidden rounded-lg bg-slate-100">
      {hero.kind === "video" ? (
        <iframe
          src={hero.embedUrl}
          title={`Video: ${title}`}
          width={1200}
          height={675}
          loading={first ? "eager" : "lazy"}
          allow="accelerometer; encrypted-media; picture-in-picture; fullscreen"
          className="aspect-video h-auto w-full"
        />
      ) : hero.kind === "file" ? (
        <video
          controls
          preload="metadata"
          poster={hero.poster ?? undefined}
          width={1200}
          height={675}
          aria-label={`Video: ${title}`}
          className="aspect-video h-auto w-full bg-black"
        >
          <source src={hero.src} type={hero.mime} />
          {hero.captions ? (
            <track
              kind="captions"
              src={hero.captions.src}
              srcLang={hero.captions.lang}
              label={hero.captions.label}
              default
            />
          ) : null}
          <a href={hero.src}>Download the video</a>
        </video>
      ) : (
        <ResponsiveImage
          src={hero.imageUrl}
          alt=""
          width={1200}
          height={630}
          sizes="(min-width: 1024px) 760px, calc(100vw - 32px)"
          priority={first}
          className="aspect-[1200/630] h-auto w-full object-cover"
        />
      )}
    </div>
  );
}

/** The hero and the audio; a podcast's image is its player's artwork, not a hero above it (docs/decisions/0268). */
function PostMedia({ view, first }: { view: PostView; first: boolean }) {
  const { post, hero, audio } = view;
  return (
    <>
      {hero && !(audio?.kind === "native" && hero.kind === "image") ? (
        <PostHero hero={hero} title={post.title} first={first} />
      ) : null}
      {audio?.kind === "native" ? (
        <PodcastPlayer
          audio={audio}
          title={post.title}
          podcast={post.category.slug === "podcast"}
        />
      ) : audio ? (
        <PostAudio audio={audio} title={post.title} />
      ) : null}
    </>
  );
}

/** A featured audio embed: the service's player (a file plays in PodcastPlayer). */
function PostAudio({ audio, title }: { audio: { kind: "embed"; src: string }; title: string }) {
  return (
    <div className="mt-6">
      <iframe
        src={audio.src}
        title={`Audio: ${title}`}
        width={800}
        height={160}
        loading="lazy"
        className="h-40 w-full rounded-lg"
      />
    </div>
  );
}

function PostTags({ tags, suffix }: { tags: Post["tags"]; suffix: string }) {
  if (tags.length === 0) return null;
  return (
    <section aria-label={`Tags${suffix}`} className="mt-8">
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link
              to={tagPath(tag.slug)}
              className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 hover:bg-brand-50"
            >
              #{tag.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AlsoRead({ related, suffix }: { related: PostView["related"]; suffix: string }) {
  if (related.length === 0) return null;
  return (
    <section aria-label={`Also Read${suffix}`} className="mt-12">
      <h2 className="text-xl font-bold">Also Read</h2>
      <ul className="mt-4 list-disc space-y-2 pl-5">
        {related.map((r) => (
          <li key={r.id}>
            <Link to={postPath(r)} className="text-brand-700 hover:underline">
              {r.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The post's sidebar: the featured posts, its widgets and the default banner. */
function PostSidebar({
  sidebar,
  title,
  suffix,
}: {
  sidebar: NonNullable<PostView["sidebar"]>;
  title: string;
  suffix: string;
}) {
  return (
    <aside aria-label={`Sidebar: ${title}`} className="space-y-8">
      <FeaturedPostsWidget posts={sidebar.featured} regionLabel={`Featured posts${suffix}`} />
      <SidebarWidgets widgets={sidebar.widgets} />
      {sidebar.banner ? (
        <SidebarWidgets
          widgets={[
            {
              type: "image",
              imageUrl: sidebar.banner.imageUrl,
              linkUrl: sidebar.banner.link,
              alt: "Partner with us",
            },
          ]}
        />
      ) : null}
    </aside>
  );
}
