/**
 * /admin/import (docs/decisions/0119, docs/decisions/0142): the import CLI's work on
 * a file an admin uploads. The file is read by the same readers
 * (sources.server.ts, readExport for our archive) and written by the same
 * importBundle; a dry run reports without writing; a real run is audited in
 * the import's own transaction. Admins only.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { importMedia, readExport } from "#server/backup/export";
import { ArchiveRefused, ArchiveUnreadable, scanArchive } from "#server/backup/safe-extract";
import type { Database } from "#server/db/client";
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE } from "#server/http/limits";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { recordAdminAction } from "~/features/audit/audit.server";
import { formText } from "~/lib/read-input.server";
import { importBundle, UnmappedAuthorsError, type ImportReport } from "./import.server";
import { ImportFormatError, readSource } from "./sources.server";

export { IMPORT_MAX_BYTES };

export const IMPORT_MESSAGES = {
  noFile: "Choose an export file to import.",
  tooLarge: IMPORT_TOO_LARGE_MESSAGE,
  unreadable:
    "Not an export this importer reads: expected our export (.json or .tar.gz), a Ghost JSON export or a WordPress WXR file.",
  unmapped: (authors: string[]) =>
    `No profile here matches these authors by e-mail or username: ${authors.join(", ")}. Give a fallback author's username.`,
  noSuchAuthor: (username: string) => `There is no member with the username ${username}.`,
  sourceUrl: "The old site's address must start with https:// or http://",
  failed: "The import failed. Nothing was written.",
} as const;

/** The form beside the file: which button, a fallback author, the old site's address. */
export const importForm = z.object({
  intent: z.enum(["dry-run", "import"]).catch("dry-run"),
  author: formText.transform((v) => v.trim().replace(/^@/, "").slice(0, 60)),
  sourceUrl: formText
    .transform((v) => v.trim().slice(0, 500))
    .refine((v) => v === "" || /^https?:\/\/[^\s/]+/i.test(v), IMPORT_MESSAGES.sourceUrl),
});

export type ImportFormInput = z.output<typeof importForm>;

export type UploadOutcome =
  | { ok: true; report: ImportReport; fileName: string; media: MediaOutcome }
  | { ok: false; status: 400 | 413; error: string; field: "file" | "author" | "sourceUrl" };

/** Our archive's media/ files: copied to local uploads, or left for the operator on S3. */
export type MediaOutcome = { files: number; copied: boolean } | { notCopied: "s3" } | null;

const GZIP = [0x1f, 0x8b];

const isGzip = (bytes: Uint8Array) => bytes[0] === GZIP[0] && bytes[1] === GZIP[1];

/**
 * Reads the upload (our .tar.gz, or the text of a JSON or WXR file), runs the
 * import (or its dry run) and answers the report, or the problem to show
 * beside the field. `uploadsRoot` is the local driver's folder (null on S3).
 */
export async function importUpload(
  db: Database,
  actor: Actor | null | undefined,
  upload: { name: string; bytes: Uint8Array } | null,
  input: ImportFormInput,
  options: { uploadsRoot: string | null; siteOrigin?: string },
): Promise<UploadOutcome> {
  assertCan(actor, "admin.access");
  if (!upload || upload.bytes.byteLength === 0)
    return { ok: false, status: 400, error: IMPORT_MESSAGES.noFile, field: "file" };
  if (upload.bytes.byteLength > IMPORT_MAX_BYTES)
    return { ok: false, status: 413, error: IMPORT_MESSAGES.tooLarge, field: "file" };
  const dryRun = input.intent === "dry-run";
  const fileName = path.basename(upload.name).slice(0, 200) || "upload";

  let staging: string | null = null;
  try {
    let raw: string;
    let archive: string | null = null;
    if (isGzip(upload.bytes)) {
      staging = await mkdtemp(path.join(tmpdir(), "founderbridge-import-"));
      archive = path.join(staging, "export.tar.gz");
      await writeFile(archive, upload.bytes);
      // Links and archives that unpack to too much are refused before anything is read or written.
      try {
        await scanArchive(archive);
      } catch (error) {
        if (error instanceof ArchiveUnreadable)
          return { ok: false, status: 400, error: IMPORT_MESSAGES.unreadable, field: "file" };
        if (error instanceof ArchiveRefused)
          return { ok: false, status: 400, error: error.message, field: "file" };
        throw error;
      }
      try {
        raw = JSON.stringify(await readExport(archive));
      } catch {
        return { ok: false, status: 400, error: IMPORT_MESSAGES.unreadable, field: "file" };
      }
    } else {
      raw = new TextDecoder("utf-8", { fatal: false }).decode(upload.bytes);
    }

    let report: ImportReport;
    try {
      const bundle = readSource(raw, { sourceUrl: input.sourceUrl || undefined });
      report = await importBundle(db, bundle, {
        dryRun,
        fallbackAuthor: input.author || undefined,
        siteOrigin: options.siteOrigin,
        beforeCommit: (tx, done) =>
          recordAdminAction(tx, actor, {
            action: "content.import",
            targetType: "import",
            targetId: done.format,
            targetLabel: fileName,
            details: { created: done.created, skipped: done.skipped.length },
          }),
      });
    } catch (error) {
      if (error instanceof ImportFormatError)
        return { ok: false, status: 400, error: error.message, field: "file" };
      if (error instanceof UnmappedAuthorsError) {
        if (input.author)
          return {
            ok: false,
            status: 400,
            error: IMPORT_MESSAGES.noSuchAuthor(input.author),
            field: "author",
          };
        return {
          ok: false,
          status: 400,
          error: IMPORT_MESSAGES.unmapped(error.authors),
          field: "author",
        };
      }
      throw error;
    }

    let media: MediaOutcome = null;
    if (archive) {
      if (options.uploadsRoot) {
        const copied = await importMedia(archive, options.uploadsRoot, { dryRun });
        report.skipped.push(...copied.skipped);
        media = { files: copied.files.length, copied: !dryRun };
      } else media = { notCopied: "s3" };
    }
    return { ok: true, report, fileName, media };
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}
