/**
 * The public profile (docs/product/accounts.md#profiles "Public profile"): the member, counts of
 * published posts and followers, the published posts, and what the viewer
 * may do (Edit Profile for the owner, Follow / Unfollow for other members).
 */
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { posts, profiles } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { followerCount, isFollowing } from "~/features/follows/follows.server";
import { isPubliclyVisible, type PostCard } from "~/features/posts/posts.server";
import type { ArchivePaging } from "~/features/posts/archive";
import { loadArchivePage } from "~/features/posts/archive.server";

export type PublicProfile = {
  id: string;
  username: string;
  fullName: string | null;
  profilePhotoUrl: string | null;
  bio: string | null;
  userType: string | null;
  role: "user" | "mentor" | "admin";
  locationCity: string | null;
  locationCountry: string | null;
  linkedinUrl: string | null;
  websiteUrl: string | null;
  createdAt: Date;
};

export async function findProfileByUsername(db: Database, username: string) {
  if (!/^[A-Za-z0-9_]{1,100}$/.test(username)) return null;
  const [row] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      fullName: profiles.fullName,
      profilePhotoUrl: profiles.profilePhotoUrl,
      bio: profiles.bio,
      userType: profiles.userType,
      role: profiles.role,
      status: profiles.status,
      locationCity: profiles.locationCity,
      locationCountry: profiles.locationCountry,
      linkedinUrl: profiles.linkedinUrl,
      websiteUrl: profiles.websiteUrl,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = ${username.toLowerCase()}`);
  return row ?? null;
}

export type ProfilePage = {
  profile: PublicProfile;
  postCount: number;
  followerCount: number;
  /** 20 a page, newest first (docs/decisions/0110). */
  posts: PostCard[];
  paging: ArchivePaging;
  isOwner: boolean;
  /** Follow / Unfollow shown (other signed-in members; the target is a mentor or admin). */
  canFollow: boolean;
  following: boolean;
  /** The viewer is awaiting approval: Follow is shown disabled, with the reason. */
  viewerAwaitingApproval: boolean;
};

export async function loadProfilePage(
  db: Database,
  username: string,
  viewer: Actor | null,
  page = 1,
): Promise<ProfilePage | null> {
  const found = await findProfileByUsername(db, username);
  // Blocked members have no public page.
  if (!found || found.status === "blocked") return null;
  const { status: _status, ...profile } = found;
  const byAuthor = and(isPubliclyVisible, eq(posts.authorId, profile.id));
  const [[counted], archive, followers, following] = await Promise.all([
    db.select({ n: count() }).from(posts).where(byAuthor),
    loadArchivePage(db, { kind: "author", id: profile.id }, page),
    followerCount(db, profile.id),
    viewer && viewer.id !== profile.id ? isFollowing(db, viewer.id, profile.id) : false,
  ]);
  // A page past the last is no page.
  if (!archive) return null;
  const { posts: cards, ...paging } = archive;
  const isOwner = viewer?.id === profile.id;
  return {
    profile,
    postCount: counted?.n ?? 0,
    followerCount: followers,
    posts: cards,
    paging,
    isOwner,
    // Pending members see the button too, disabled (the action would send them to /pending-approval).
    canFollow: Boolean(viewer) && !isOwner && (following || profile.role !== "user"),
    following,
    viewerAwaitingApproval: viewer?.status === "pending",
  };
}
