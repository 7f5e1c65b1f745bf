import { data } from "react-router";
import { IMPORT_MAX_BYTES, MULTIPART_OVERHEAD_BYTES } from "#server/http/limits";
import { uploadsDir } from "#server/storage";
import { ImportPage, type ImportPageProps } from "~/features/import/import-page";
import { IMPORT_MESSAGES, importForm, importUpload } from "~/features/import/import-upload.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { formText } from "~/lib/form-fields";
import { defineAction, noStore } from "~/pipeline/action.server";
import type { Route } from "./+types/admin.import";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Import content", { noindex: true });
}

/** Under the admins' guard (app/routes.ts): the page has nothing to load. */
export function loader() {
  return data(null, { headers: noStore });
}

type ActionData = Pick<ImportPageProps, "report" | "error" | "values">;

const EMPTY: ActionData = { report: null, error: null, values: { author: "", sourceUrl: "" } };

/**
 * POST the export file with intent=dry-run|import, a fallback author and the
 * old site's address. A body beyond the largest file is refused as too large
 * before it is read; every refusal is shown beside its field, keeping what
 * was typed.
 */
export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: importForm,
  limit: IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
  messages: { tooLarge: IMPORT_MESSAGES.tooLarge, schemaMessage: true },
  refusedBody: ({ problem, error, fields }): ActionData => ({
    ...EMPTY,
    values: fields
      ? { author: formText.parse(fields.author), sourceUrl: formText.parse(fields.sourceUrl) }
      : EMPTY.values,
    error: { field: problem === "invalid" ? "sourceUrl" : "file", message: error },
  }),
  run: async ({ db, config }, admin, input, { form }) => {
    const values = { author: input.author, sourceUrl: input.sourceUrl };
    const file = form.get("file");
    const upload =
      file && typeof file !== "string" && file.size > 0
        ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
        : null;
    const outcome = await importUpload(db, admin, upload, input, {
      uploadsRoot: config.storage.driver === "local" ? uploadsDir(config.dataDir) : null,
      siteOrigin: config.siteUrl,
    });
    if (!outcome.ok) {
      const error = { field: outcome.field, message: outcome.error };
      return { ...EMPTY, ok: false, status: outcome.status, values, error };
    }
    const report = { ...outcome.report, fileName: outcome.fileName, media: outcome.media };
    return { ...EMPTY, ok: true, values, report };
  },
});

export default function AdminImport({ actionData }: Route.ComponentProps) {
  return (
    <ImportPage
      report={actionData?.report ?? null}
      error={actionData?.error ?? null}
      values={actionData?.values ?? { author: "", sourceUrl: "" }}
    />
  );
}
