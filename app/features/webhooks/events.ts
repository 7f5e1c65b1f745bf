/** The webhook events, for the browser (the schema module is server-only). */
export const WEBHOOK_EVENT_NAMES = [
  "post.published",
  "post.updated",
  "post.deleted",
  "member.approved",
] as const;
