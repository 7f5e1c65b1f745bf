import { Form, Link, useNavigation } from "react-router";
import { ResponsiveImage } from "~/components/image/responsive-image";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { EmptyState, PostListItem } from "~/features/posts/post-list-item";
import type { PostCard } from "~/features/posts/types";
import { formatDate, initial, isoDate, plural } from "~/lib/format";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { useSubmissionKey } from "~/lib/use-submission-key";
import { AWAITING_APPROVAL_SHORT } from "~/features/accounts/awaiting-approval";
import type { ArchivePaging } from "~/features/posts/archive";
import { ArchivePager } from "~/features/posts/archive-pager";
import type { PublicProfile } from "./public-profile.server";
import { useSiteTimeZone } from "~/lib/site-time-zone";

export type ProfilePageData = {
  profile: Omit<PublicProfile, "createdAt"> & { createdAt: Date | string };
  postCount: number;
  followerCount: number;
  posts: PostCard[];
  paging?: ArchivePaging;
  isOwner: boolean;
  canFollow: boolean;
  following: boolean;
  viewerAwaitingApproval?: boolean;
};

const ROLE_BADGE = { mentor: "Mentor", admin: "Admin" } as const;

/** The outside address shown as a link, or nothing when it is not http(s). */
function safeHref(value: string | null) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export function ProfilePage({ data, error }: { data: ProfilePageData; error?: string | null }) {
  const { profile } = data;
  const name = profile.fullName || profile.username;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <section aria-labelledby="profile-name" className="flex flex-col gap-6 sm:flex-row">
        <div className="flex h-28 w-28 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-4xl font-bold text-white">
          {profile.profilePhotoUrl ? (
            <ResponsiveImage
              src={profile.profilePhotoUrl}
              alt={name}
              width={112}
              height={112}
              priority
              className="h-28 w-28 object-cover"
            />
          ) : (
            <span aria-hidden="true">{initial(name)}</span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="profile-name" className="text-3xl font-bold text-slate-900">
              {name}
            </h1>
            {profile.role !== "user" ? (
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
                {ROLE_BADGE[profile.role]}
              </span>
            ) : null}
          </div>
          <p className="text-slate-700">@{profile.username}</p>
          {profile.bio ? (
            <p className="mt-3 whitespace-pre-line text-slate-800">{profile.bio}</p>
          ) : null}
          <ProfileFacts profile={profile} />
          <p className="mt-3 flex gap-6 text-sm">
            <span>
              <strong className="text-slate-900">{data.postCount}</strong>{" "}
              {data.postCount === 1 ? "Post" : "Posts"}
            </span>
            <span data-testid="follower-count">
              <strong className="text-slate-900">{data.followerCount}</strong>{" "}
              {data.followerCount === 1 ? "Follower" : "Followers"}
            </span>
          </p>
          <ProfileLinks profile={profile} />
          <FollowControl data={data} error={error} />
        </div>
      </section>
      <ProfilePosts data={data} />
    </div>
  );
}

type Profile = ProfilePageData["profile"];

/** Where the member lives, what they do and when they joined. */
function ProfileFacts({ profile }: { profile: Profile }) {
  const timeZone = useSiteTimeZone();
  const location = [profile.locationCity, profile.locationCountry].filter(Boolean).join(", ");
  return (
    <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
      {location ? (
        <div className="flex gap-1">
          <dt className="sr-only">Location</dt>
          <dd>{location}</dd>
        </div>
      ) : null}
      {profile.userType ? (
        <div className="flex gap-1">
          <dt className="sr-only">User type</dt>
          <dd>{profile.userType}</dd>
        </div>
      ) : null}
      <div className="flex gap-1">
        <dt>Joined</dt>
        <dd>
          <time dateTime={isoDate(profile.createdAt)}>
            {formatDate(profile.createdAt, timeZone)}
          </time>
        </dd>
      </div>
    </dl>
  );
}

/** The member's website and LinkedIn, when they are http(s) addresses. */
function ProfileLinks({ profile }: { profile: Profile }) {
  const website = safeHref(profile.websiteUrl);
  const linkedin = safeHref(profile.linkedinUrl);
  if (!website && !linkedin) return null;
  return (
    <p className="mt-3 flex flex-wrap gap-4 text-sm">
      {website ? (
        <a
          href={website}
          rel="noopener noreferrer nofollow"
          target="_blank"
          className="font-semibold text-brand-700 underline"
        >
          Website
        </a>
      ) : null}
      {linkedin ? (
        <a
          href={linkedin}
          rel="noopener noreferrer nofollow"
          target="_blank"
          className="font-semibold text-brand-700 underline"
        >
          LinkedIn
        </a>
      ) : null}
    </p>
  );
}

/** Edit Profile for the owner; Follow or Unfollow for a member who may follow. */
function FollowControl({ data, error }: { data: ProfilePageData; error?: string | null }) {
  const navigation = useNavigation();
  // A resubmitted Follow writes once (docs/decisions/0095); each new click gets a new key.
  const [submissionKey, renewKey] = useSubmissionKey();
  const busy = navigation.state !== "idle" && navigation.formData?.has("intent");
  return (
    <div className="mt-4">
      {data.isOwner ? (
        <Link to="/edit-profile" className={secondaryButton}>
          Edit Profile
        </Link>
      ) : data.canFollow && data.viewerAwaitingApproval ? (
        <p className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            disabled
            aria-describedby="follow-awaiting"
            className={`${primaryButton} cursor-not-allowed opacity-60`}
          >
            {data.following ? "Unfollow" : "Follow"}
          </button>
          <span id="follow-awaiting" className="text-sm text-slate-700">
            {AWAITING_APPROVAL_SHORT}
          </span>
        </p>
      ) : data.canFollow ? (
        <Form method="post" onSubmit={renewKey}>
          <input type="hidden" name="intent" value={data.following ? "unfollow" : "follow"} />
          <input
            type="hidden"
            name={SUBMISSION_KEY_FIELD}
            value={submissionKey}
            suppressHydrationWarning
          />
          <button
            type="submit"
            disabled={busy}
            className={data.following ? secondaryButton : primaryButton}
          >
            {data.following ? "Unfollow" : "Follow"}
          </button>
        </Form>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The member's published posts, a page at a time. */
function ProfilePosts({ data }: { data: ProfilePageData }) {
  return (
    <section aria-labelledby="profile-posts" className="mt-10">
      <h2 id="profile-posts" className="text-2xl font-bold text-slate-900">
        {plural(data.postCount, "Published Post")}
        {data.paging && data.paging.page > 1 ? ` – page ${data.paging.page}` : ""}
      </h2>
      <div className="mt-4">
        {data.posts.length === 0 ? (
          <EmptyState title="No posts yet" />
        ) : (
          <ul className="space-y-8">
            {data.posts.map((post) => (
              <li key={post.id}>
                <PostListItem post={post} />
              </li>
            ))}
          </ul>
        )}
        {data.paging ? (
          <ArchivePager
            paging={data.paging}
            path={`/user/${data.profile.username}`}
            label="Published posts pages"
          />
        ) : null}
      </div>
    </section>
  );
}

export function UserNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">User not found</h1>
      <p className="mt-4">
        <Link to="/" className={primaryButton}>
          Go Home
        </Link>
      </p>
    </div>
  );
}
