/**
 * The footer's social links (docs/product/administration.md#site-settings): which networks, and what address
 * each accepts. The form's rule and the footer's rule are this one function,
 * so a row changed outside the form (psql) still shows no odd link.
 */

export const SOCIAL_NETWORKS = [
  {
    name: "social_linkedin_url",
    column: "socialLinkedinUrl",
    label: "LinkedIn",
    hosts: ["linkedin.com"],
    example: "https://www.linkedin.com/company/…",
  },
  {
    name: "social_x_url",
    column: "socialXUrl",
    label: "X (Twitter)",
    // The same accounts answer on both names.
    hosts: ["x.com", "twitter.com"],
    example: "https://x.com/…",
  },
  {
    name: "social_instagram_url",
    column: "socialInstagramUrl",
    label: "Instagram",
    hosts: ["instagram.com"],
    example: "https://www.instagram.com/…",
  },
  {
    name: "social_youtube_url",
    column: "socialYoutubeUrl",
    label: "YouTube",
    hosts: ["youtube.com"],
    example: "https://www.youtube.com/@…",
  },
  {
    name: "social_facebook_url",
    column: "socialFacebookUrl",
    label: "Facebook",
    hosts: ["facebook.com"],
    example: "https://www.facebook.com/…",
  },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialFieldName = SocialNetwork["name"];

/**
 * An https address on the network's own host or a subdomain of it
 * (www., uk., m.), with a page after the host (the account, not the
 * network's home page), and no user name or password in it.
 */
export function isSocialUrl(network: Pick<SocialNetwork, "hosts">, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  const onHost = network.hosts.some((h) => host === h || host.endsWith(`.${h}`));
  return onHost && url.pathname.replace(/\/+$/, "") !== "";
}

/** The footer's links: the networks set (and valid), in the form's order. */
export function footerSocialLinks(
  row: Partial<Record<SocialNetwork["column"], string | null>>,
): { label: string; href: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const href = row[network.column]?.trim();
    return href && isSocialUrl(network, href) ? [{ label: network.label, href }] : [];
  });
}
