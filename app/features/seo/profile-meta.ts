import type { MetaDescriptor } from "react-router";
import { plural } from "~/lib/format";
import { pageHref, pagingLinks } from "~/features/posts/archive";
import { absoluteUrl, pageMeta } from "./meta";

/** What a public profile's head needs (the profile page's loader data). */
export type ProfileForMeta = {
  profile: {
    username: string;
    fullName: string | null;
    profilePhotoUrl: string | null;
    bio: string | null;
    role: "user" | "mentor" | "admin";
    userType: string | null;
    linkedinUrl: string | null;
    websiteUrl: string | null;
    createdAt: Date | string;
  };
  postCount: number;
  followerCount: number;
  /** The page of the member's posts (docs/decisions/0110); absent is page 1. */
  paging?: { page: number; hasPrevious: boolean; hasNext: boolean };
};

/** Outside addresses that are http(s), as the page shows them. */
function httpLinks(...values: (string | null)[]) {
  return values.filter((v): v is string => {
    try {
      return Boolean(v) && ["http:", "https:"].includes(new URL(v!).protocol);
    } catch {
      return false;
    }
  });
}

/**
 * A public profile's head (docs/product/accounts.md#profiles: social meta defaults for pages): title
 * with the site name, the bio (or a line about the member) as description,
 * the photo as preview image with the name as its alt text, og:type profile,
 * and a ProfilePage whose main entity is the Person (schema.org).
 */
export function profileMeta(
  page: ProfileForMeta,
  site: { siteName: string; siteUrl: string },
): MetaDescriptor[] {
  const { profile } = page;
  const { siteName, siteUrl } = site;
  const name = profile.fullName?.trim() || profile.username;
  const path = `/user/${profile.username}`;
  const url = absoluteUrl(path, siteUrl);
  const bio = profile.bio?.trim() || null;
  const role = profile.role === "mentor" ? "Mentor" : profile.role === "admin" ? "Admin" : null;
  const description =
    bio ??
    `${name} (@${profile.username})${role ? `, ${role.toLowerCase()}` : ""} on ${siteName}: ${plural(page.postCount, "published post")}.`;
  const sameAs = httpLinks(profile.websiteUrl, profile.linkedinUrl);
  const paging = page.paging ?? { page: 1, hasPrevious: false, hasNext: false };
  const title = `${name} (@${profile.username})`;
  return pageMeta({
    title:
      paging.page > 1 ? `${title} – page ${paging.page} | ${siteName}` : `${title} | ${siteName}`,
    description,
    path: pageHref(path, paging.page),
    siteName,
    siteUrl,
    image: profile.profilePhotoUrl,
    imageAlt: name,
    type: "profile",
    extra: [
      { property: "profile:username", content: profile.username },
      ...pagingLinks(path, paging),
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: `${name} | ${siteName}`,
        href: `${path}/rss.xml`,
      },
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "ProfilePage",
          url,
          dateCreated: new Date(profile.createdAt).toISOString(),
          mainEntity: {
            "@type": "Person",
            name,
            alternateName: `@${profile.username}`,
            identifier: profile.username,
            url,
            ...(bio ? { description: bio } : {}),
            ...(profile.profilePhotoUrl
              ? { image: absoluteUrl(profile.profilePhotoUrl, siteUrl) }
              : {}),
            ...((role ?? profile.userType) ? { jobTitle: role ?? profile.userType } : {}),
            ...(sameAs.length ? { sameAs } : {}),
            interactionStatistic: [
              {
                "@type": "InteractionCounter",
                interactionType: "https://schema.org/FollowAction",
                userInteractionCount: page.followerCount,
              },
              {
                "@type": "InteractionCounter",
                interactionType: "https://schema.org/WriteAction",
                userInteractionCount: page.postCount,
              },
            ],
          },
        },
      },
    ],
  });
}
