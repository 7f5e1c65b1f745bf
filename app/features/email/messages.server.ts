/**
 * The e-mails members choose (docs/decisions/0126, docs/decisions/0125, docs/product/community.md#e-mail-and-preferences): a notification at once, a
 * broadcast, the weekly digest. Each is non-essential, so each carries the
 * RFC 8058 one-click unsubscribe headers and a footer link, with a signed
 * token for exactly its type.
 */
import type { MailMessage } from "#server/mail";
import { type EmailItem, renderEmail } from "#server/mail/template";
import { formatDate } from "~/lib/format";
import {
  DIGEST_KEY,
  type PreferenceType,
  TYPE_LABELS,
  unsubscribeSubject,
} from "~/features/email-preferences/preference-rules";
import { unsubscribeToken } from "~/features/email-preferences/preferences.server";
import type { DigestContent, DigestPost } from "./digest.server";

export type SiteForEmail = { name: string; url: string; secret: string; timeZone: string };

export const SETTINGS_PATH = "/settings/notifications";

export function unsubscribeUrl(site: SiteForEmail, userId: string, key: string): string {
  return `${site.url}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(site.secret, userId, key))}`;
}

/** A site link with the tracking source (?source=email); other hosts as they are. */
export function emailLink(site: SiteForEmail, link: string | null | undefined): string {
  let url: URL;
  try {
    url = new URL(link || "/notifications", site.url);
  } catch {
    url = new URL("/notifications", site.url);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    url = new URL("/notifications", site.url);
  url.searchParams.set("source", "email");
  return url.toString();
}

function optional(
  site: SiteForEmail,
  userId: string,
  key: PreferenceType | typeof DIGEST_KEY,
): Pick<MailMessage, "headers"> & {
  footer: { reason: string; unsubscribeUrl: string; settingsUrl: string };
} {
  const link = unsubscribeUrl(site, userId, key);
  const reason =
    key === DIGEST_KEY
      ? `You get this weekly digest because you asked for it on ${site.name}.`
      : `You get this e-mail because your ${site.name} settings send ${unsubscribeSubject(key)} by e-mail.`;
  return {
    headers: {
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    footer: { reason, unsubscribeUrl: link, settingsUrl: `${site.url}${SETTINGS_PATH}` },
  };
}

export function notificationEmail(
  site: SiteForEmail,
  to: { id: string; email: string },
  notification: {
    id: string;
    type: PreferenceType;
    title: string;
    message: string | null;
    link: string | null;
    createdAt: Date;
  },
): MailMessage {
  const { headers, footer } = optional(site, to.id, notification.type);
  const paragraphs = [
    ...(notification.message?.trim() && notification.message.trim() !== notification.title.trim()
      ? [notification.message]
      : []),
    `${TYPE_LABELS[notification.type].label} · ${formatDate(notification.createdAt, site.timeZone)}`,
  ];
  return {
    to: to.email,
    subject: notification.title,
    headers,
    messageId: `<notification-${notification.id}@${new URL(site.url).hostname}>`,
    ...renderEmail({
      siteName: site.name,
      siteUrl: site.url,
      preview: notification.message ?? notification.title,
      heading: notification.title,
      paragraphs,
      action: { href: emailLink(site, notification.link), label: "Open" },
      footer,
    }),
  };
}

export function broadcastEmail(
  site: SiteForEmail,
  to: { id: string; email: string },
  broadcast: { id: string; title: string; message: string; link: string; createdAt: Date },
): MailMessage {
  const { headers, footer } = optional(site, to.id, "broadcast");
  return {
    to: to.email,
    subject: broadcast.title,
    headers,
    messageId: `<broadcast-${broadcast.id}-${to.id}@${new URL(site.url).hostname}>`,
    ...renderEmail({
      siteName: site.name,
      siteUrl: site.url,
      preview: broadcast.message,
      heading: broadcast.title,
      paragraphs: [
        ...(broadcast.message.trim() !== broadcast.title.trim() ? [broadcast.message] : []),
        `Announcement · ${formatDate(broadcast.createdAt, site.timeZone)}`,
      ],
      action: { href: emailLink(site, broadcast.link), label: "Read more" },
      footer,
    }),
  };
}

function postItem(site: SiteForEmail, post: DigestPost): EmailItem {
  return {
    title: post.title,
    href: emailLink(site, `/post/${post.slug}`),
    meta: post.publishedAt
      ? `${post.authorName} · ${formatDate(new Date(post.publishedAt), site.timeZone)}`
      : post.authorName,
    ...(post.excerpt ? { excerpt: post.excerpt } : {}),
  };
}

export function digestEmail(
  site: SiteForEmail,
  to: { id: string; email: string },
  week: string,
  content: DigestContent,
  window: { since: Date; until: Date },
): MailMessage {
  const { headers, footer } = optional(site, to.id, DIGEST_KEY);
  const sections = [
    ...(content.followedPosts.length
      ? [
          {
            heading: "New from the people you follow",
            items: content.followedPosts.map((p) => postItem(site, p)),
          },
        ]
      : []),
    ...(content.mostRead.length
      ? [{ heading: "Most read this week", items: content.mostRead.map((p) => postItem(site, p)) }]
      : []),
    ...(content.notifications.length
      ? [
          {
            heading: "Your notifications",
            items: content.notifications.map((n) => ({
              title: n.title,
              href: emailLink(site, n.link),
              ...(n.message ? { excerpt: n.message } : {}),
            })),
          },
        ]
      : []),
  ];
  const range = `${formatDate(window.since, site.timeZone)} – ${formatDate(window.until, site.timeZone)}`;
  return {
    to: to.email,
    subject: `Your week on ${site.name}`,
    headers,
    messageId: `<digest-${week}-${to.id}@${new URL(site.url).hostname}>`,
    ...renderEmail({
      siteName: site.name,
      siteUrl: site.url,
      preview: `What was new on ${site.name}, ${range}`,
      heading: `Your week on ${site.name}`,
      paragraphs: [`What was new, ${range}.`],
      sections,
      footer,
    }),
  };
}
