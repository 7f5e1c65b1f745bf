/**
 * Notification preferences (docs/decisions/0126): for each notification type, in the
 * app only, an e-mail at once, in the weekly digest, or off; and the weekly
 * digest itself, on or off. Shared by the settings page and the server.
 */
import { z } from "zod";

export const NOTIFICATION_PREFERENCE_TYPES = [
  "reply",
  "mention",
  "comment",
  "new_post",
  "follow",
  "approval",
  "promotion",
  "broadcast",
] as const;
export type PreferenceType = (typeof NOTIFICATION_PREFERENCE_TYPES)[number];

export const CHANNELS = ["app", "email", "digest", "off"] as const;
export type Channel = (typeof CHANNELS)[number];

/** The weekly digest's own switch, stored beside the types (channel "email" or "off"). */
export const DIGEST_KEY = "digest";
export const DIGEST_CHANNELS = ["email", "off"] as const;
export type DigestChannel = (typeof DIGEST_CHANNELS)[number];

/**
 * Replies and mentions by e-mail, new posts in the digest, the rest in the app
 * (docs/milestones.md#issue-20-members-come-back). Announcements default to e-mail: a broadcast is e-mailed only
 * when an admin ticks "Also send by e-mail", and then reaches every member who
 * has not turned it down (docs/decisions/0126). The approval goes by e-mail too
 * (docs/decisions/0257): a member who left the site while pending must hear of it.
 */
export const DEFAULT_CHANNELS: Record<PreferenceType, Channel> = {
  reply: "email",
  mention: "email",
  comment: "app",
  new_post: "digest",
  follow: "app",
  approval: "email",
  promotion: "app",
  broadcast: "email",
};
export const DEFAULT_DIGEST: DigestChannel = "email";

export const TYPE_LABELS: Record<PreferenceType, { label: string; hint: string }> = {
  reply: { label: "Replies", hint: "Someone replied to your comment" },
  mention: { label: "Mentions", hint: "Someone mentioned your @username in a comment" },
  comment: { label: "Comments on your posts", hint: "Someone commented on a post you wrote" },
  new_post: { label: "New posts", hint: "A mentor or admin you follow published a post" },
  follow: { label: "New followers", hint: "Someone started following you" },
  approval: { label: "Account approval", hint: "An admin approved your account" },
  promotion: { label: "Promotion", hint: "You were made a mentor" },
  broadcast: { label: "Announcements", hint: "Announcements from the site's admins" },
};

export const CHANNEL_LABELS: Record<Channel, string> = {
  app: "In the app only",
  email: "E-mail at once",
  digest: "In the weekly digest",
  off: "Off",
};

export const DIGEST_LABELS: Record<DigestChannel, string> = {
  email: "Send me the weekly digest",
  off: "Off",
};

export type Preferences = Record<PreferenceType, Channel> & { digest: DigestChannel };

export const PREFERENCE_MESSAGES = {
  saved: "Notification settings saved",
  invalidChoice: "Choose one of the options",
} as const;

export const preferencesSchema = z.object({
  ...Object.fromEntries(
    NOTIFICATION_PREFERENCE_TYPES.map((type) => [
      type,
      z.enum(CHANNELS, { message: PREFERENCE_MESSAGES.invalidChoice }),
    ]),
  ),
  digest: z.enum(DIGEST_CHANNELS, { message: PREFERENCE_MESSAGES.invalidChoice }),
}) as unknown as z.ZodType<Preferences>;

export function isPreferenceType(type: string): type is PreferenceType {
  return (NOTIFICATION_PREFERENCE_TYPES as readonly string[]).includes(type);
}

/** Every key an unsubscribe link may name: a type, or the digest. */
export function isUnsubscribeKey(key: string): key is PreferenceType | typeof DIGEST_KEY {
  return key === DIGEST_KEY || isPreferenceType(key);
}

export const UNSUBSCRIBE_TEXTS = {
  confirmTitle: "Unsubscribe",
  confirmBody: (what: string) => `Stop e-mails about ${what}?`,
  button: "Unsubscribe",
  done: (what: string) =>
    `You will no longer get e-mails about ${what}. You can change this at any time in your notification settings.`,
  invalid: "This unsubscribe link is not valid. Sign in to change your notification settings.",
} as const;

/** What an unsubscribe link stops, in words ("replies", "the weekly digest"). */
export function unsubscribeSubject(key: PreferenceType | typeof DIGEST_KEY): string {
  return key === DIGEST_KEY ? "the weekly digest" : TYPE_LABELS[key].label.toLowerCase();
}
