import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import type { HeaderUser } from "~/features/accounts/header-user";
import { Avatar, VerifiedBadge } from "~/features/posts/post-card";
import type { PostView } from "~/features/posts/types";
import { clientLog } from "~/lib/client-log";
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from "~/lib/submission-key";

/**
 * The card that ends each article: the author's photo, name, bio, a link to
 * the profile and Follow. Follow posts the profile's own form
 * (/user/{username}, intent follow or unfollow): without JavaScript the
 * browser posts it and lands on the profile; with it the post is sent by
 * fetch and the button changes in place. Visitors' Follow posts too, and the
 * guard sends them to /login. Only mentors and admins can be followed, and not
 * by themselves.
 */
export function AuthorCard({
  author,
  bio,
  user,
  following,
  suffix,
  officeHoursAction,
}: {
  author: PostView["post"]["author"];
  bio: string | null;
  user: HeaderUser | null;
  /** Whether the member follows the author; undefined when not known. */
  following: boolean | undefined;
  suffix: string;
  /** A future "Book office hours" action, rendered beside Follow when given. */
  officeHoursAction?: ReactNode;
}) {
  const profile = `/user/${author.username}`;
  const canFollow = author.role !== "user" && user?.username !== author.username;
  return (
    <section
      aria-label={`About the author${suffix}`}
      className="mt-12 flex gap-4 rounded-lg border border-slate-200 bg-slate-50 p-5"
    >
      <Avatar author={author} size={64} />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-700">Written by</p>
        <p className="mt-1 text-lg font-bold text-slate-900">
          <Link to={profile} className="hover:underline">
            {author.name}
          </Link>
          <VerifiedBadge role={author.role} />
        </p>
        {bio ? <p className="mt-2 whitespace-pre-line text-slate-800">{bio}</p> : null}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {canFollow ? (
            <FollowAuthor
              profile={profile}
              name={author.name}
              initial={following ?? false}
              // Visitors and members awaiting approval post the plain form: the guard
              // sends them to /login or /pending-approval.
              inPlace={user?.status === "approved"}
            />
          ) : null}
          {officeHoursAction ?? null}
          <Link to={profile} className="text-sm font-semibold text-brand-700 underline">
            View profile<span className="sr-only">: {author.name}</span>
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Follow or Unfollow: the profile's form, sent by fetch once hydrated. */
function FollowAuthor({
  profile,
  name,
  initial,
  inPlace,
}: {
  profile: string;
  name: string;
  initial: boolean;
  inPlace: boolean;
}) {
  const [following, setFollowing] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newSubmissionKey);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    // An approved member's Follow answers a redirect to the profile (not followed
    // here): an answer that is not an error is the change made.
    void fetch(profile, { method: "POST", body: form, redirect: "manual" })
      .then((response) => {
        if (response.type !== "opaqueredirect" && !response.ok) {
          throw new Error(`follow: ${response.status}`);
        }
        setFollowing(!following);
      })
      .catch((error: unknown) => clientLog.error("Follow failed", { error: String(error) }))
      .finally(() => {
        setBusy(false);
        setKey(newSubmissionKey());
      });
  };

  return (
    <form method="post" action={profile} onSubmit={inPlace ? submit : undefined}>
      <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
      <input type="hidden" name={SUBMISSION_KEY_FIELD} value={key} suppressHydrationWarning />
      <button type="submit" disabled={busy} className={following ? secondaryButton : primaryButton}>
        {following ? "Unfollow" : "Follow"}
        <span className="sr-only"> {name}</span>
      </button>
    </form>
  );
}
