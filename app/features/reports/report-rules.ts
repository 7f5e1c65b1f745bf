/** Reports: reasons, limits and texts shared by the browser and the server (docs/decisions/0122). */
import { HIDDEN_NOTE } from "./hidden-note";

export const REPORT_REASONS = ["spam", "abuse", "off_topic", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportKind = "comment" | "post";

export const REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  abuse: "Abuse or harassment",
  off_topic: "Off-topic",
  other: "Other",
};

export const REPORT_DETAILS_MAX = 500;
/** Open reports from this many members hide a comment until an admin decides (decision 0122). */
export const HIDE_AT_REPORTS = 3;

export const REPORT_MESSAGES = {
  sent: "Thank you. An admin will look at your report.",
  already: "You have already reported this. An admin will look at it.",
  forbidden: "Only approved members can report comments and posts.",
  own: "You cannot report your own comment or post.",
  badReason: "Choose a reason: spam, abuse, off-topic or other.",
  tooLong: `Details can be at most ${REPORT_DETAILS_MAX} characters.`,
  notFound: "This comment or post is no longer available.",
  rateLimited: "You are reporting too quickly. Please wait a few minutes and try again.",
  failed: "Failed to send the report. Please try again.",
  hiddenNote: HIDDEN_NOTE,
  dismissed: "Reports dismissed.",
  commentDeleted: "Comment deleted.",
  postDeleted: "Post deleted.",
  deleteCommentQuestion: "Delete this reported comment? Its replies go with it.",
  deletePostQuestion: "Delete this reported post? This cannot be undone.",
  gone: "These reports have already been dealt with.",
  empty: "No open reports",
} as const;

/** What Delete asks first on the admin's Reports page. */
export const deleteQuestion = (kind: ReportKind) =>
  kind === "comment" ? REPORT_MESSAGES.deleteCommentQuestion : REPORT_MESSAGES.deletePostQuestion;
