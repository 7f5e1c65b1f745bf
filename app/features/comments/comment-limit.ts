/** Spec: the longest comment, in characters. */
export const COMMENT_LIMIT = 5000;
