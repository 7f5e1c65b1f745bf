/**
 * The studio's success toasts (docs/decisions/0147). docs/product/authoring.md#studio gives "Post deleted
 * successfully!"; the others follow its form ("… successfully!"), as the
 * admin pages' do. The keyed ones arrive after a redirect as a flash
 * (app/lib/flash.server.ts); the others are shown in place.
 */
export const STUDIO_FLASH = {
  "post-draft": "Draft saved successfully!",
  "post-published": "Post published successfully!",
  "post-updated": "Post updated successfully!",
  "post-scheduled": "Post scheduled successfully!",
  "post-restored": "Revision restored successfully!",
  "post-deleted": "Post deleted successfully!",
} as const;

export type StudioFlash = keyof typeof STUDIO_FLASH;

export const STUDIO_TOASTS = {
  shareCreated: "Share link created successfully!",
  shareRevoked: "Share link revoked successfully!",
  /** As the profile photo's (docs/product/authoring.md), for a post's image. */
  imageUploaded: "Image uploaded successfully!",
} as const;

/** Success toasts clear after 5 s; an image upload's after 3 s (docs/product/authoring.md#uploads). */
export const TOAST_MS = 5000;
export const IMAGE_TOAST_MS = 3000;

/** Which flash a person's save answers with, from what it saved. */
export function saveFlash(post: {
  status: string;
  publishedAt: Date | null;
  wasLive: boolean;
  now: Date;
}): StudioFlash {
  if (post.status !== "published") return "post-draft";
  if (post.publishedAt && post.publishedAt > post.now) return "post-scheduled";
  return post.wasLive ? "post-updated" : "post-published";
}
