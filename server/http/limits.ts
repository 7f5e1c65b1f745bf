/**
 * Every byte cap in one place: the process-wide body caps the middleware
 * holds (server/http/body-limit.ts, docs/decisions/0040), the caps the
 * routes read their forms within (app/lib/request-body.server.ts), and the
 * largest file an upload may carry. The server and the app both import
 * them from here, so neither has to reach into the other.
 */

const MB = 1024 * 1024;

/** The largest image a member may upload (photo, post image, site banner). */
export const MAX_UPLOAD_BYTES = 5 * MB;

/**
 * The cap for the forms that carry only text (a comment of 5,000 characters
 * is under 50 KB even fully percent-encoded).
 */
export const TEXT_FORM_LIMIT_BYTES = 256 * 1024;

/** Room for multipart framing and the small text fields beside one file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Routes that take a file (the photo, the editor's image upload, the site
 * banner) and the post editor (content up to 2,000,000 characters, sent
 * URL-encoded, so up to about 3 bytes a character for markup). Well above the
 * routes' own caps (5 MB + 64 KB; site settings 6 MB declared) so their
 * in-page messages answer first.
 */
export const LARGE_BODY_LIMIT_BYTES = 8 * MB;

/**
 * Everything else carries short text fields. Twice the community forms'
 * 256 KB (TEXT_FORM_LIMIT_BYTES), so their own 413 answers first even with a
 * chunk or two in flight between the two counters.
 */
export const SMALL_BODY_LIMIT_BYTES = 512 * 1024;

export const TOO_LARGE_MESSAGE = "Request too large";

export const FILE_TOO_LARGE_MESSAGE = `File size must be less than ${MAX_UPLOAD_BYTES / MB}MB`;

/** The largest export file /admin/import takes (larger ones: `npm run import` on the server). */
export const IMPORT_MAX_BYTES = 6 * MB;

export const IMPORT_TOO_LARGE_MESSAGE = `The file is larger than ${IMPORT_MAX_BYTES / MB} MB. Import it with npm run import on the server.`;
