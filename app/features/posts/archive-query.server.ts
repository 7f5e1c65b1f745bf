/**
 * The archives' ?page=N (docs/decisions/0110), read with readQuery on the server only:
 * zod stays out of the reader pages' JavaScript (about 22 KB gzipped; docs/milestones.md#issue-17-performance).
 */
import { z } from "zod";
import { MAX_ARCHIVE_PAGE } from "./archive";

/**
 * Absent is page 1; anything but a whole number from 1 to MAX_ARCHIVE_PAGE (0,
 * -1, 2.5, "two", a repeated page) is refused, and the route answers 404 as
 * for a page past the last.
 */
export const archiveQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/)
    .transform(Number)
    .refine((n) => n <= MAX_ARCHIVE_PAGE)
    .optional()
    .transform((n) => n ?? 1),
});

/** The home page's: the page and an optional topic (?category=slug). */
export const homeQuery = archiveQuery.extend({
  category: z
    .string()
    .optional()
    .transform((slug) => slug || null),
});
