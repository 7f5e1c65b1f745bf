import { data } from "react-router";
import { db } from "#server/db/client";
import {
  IMPORT_MAX_BYTES,
  LARGE_BODY_LIMIT_BYTES,
  MULTIPART_OVERHEAD_BYTES,
} from "#server/http/limits";
import { runtime } from "#server/runtime";
import { uploadsDir } from "#server/storage";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { AdminLinks } from "~/features/admin/admin-links";
import { ImportPage, type ImportPageProps } from "~/features/import/import-page";
import { IMPORT_MESSAGES, importForm, importUpload } from "~/features/import/import-upload.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { readForm } from "~/lib/read-input.server";
import type { Route } from "./+types/admin.import";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Import content", { noindex: true });
}

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { headers: noStore });
}

type ActionData = Pick<ImportPageProps, "report" | "error" | "values">;

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const answer = (body: Partial<ActionData>, status = 200) =>
    data<ActionData>(
      { report: null, error: null, values: { author: "", sourceUrl: "" }, ...body },
      { status, headers: noStore },
    );
  // A body far beyond the largest file is refused before it is read.
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
    return answer({ error: { field: "file", message: IMPORT_MESSAGES.tooLarge } }, 413);
  const read = await readForm(request, importForm, { limit: LARGE_BODY_LIMIT_BYTES });
  if (!read.ok) {
    if (!read.form)
      return answer({ error: { field: "file", message: IMPORT_MESSAGES.tooLarge } }, 413);
    const values = {
      author: String(read.fields.author ?? ""),
      sourceUrl: String(read.fields.sourceUrl ?? ""),
    };
    return answer(
      { values, error: { field: "sourceUrl", message: read.message ?? IMPORT_MESSAGES.sourceUrl } },
      400,
    );
  }
  const values = { author: read.data.author, sourceUrl: read.data.sourceUrl };
  const file = read.form.get("file");
  const upload =
    file && typeof file !== "string" && file.size > 0
      ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
      : null;
  const { config } = runtime();
  const outcome = await importUpload(db(), actor, upload, read.data, {
    uploadsRoot: config.storage.driver === "local" ? uploadsDir(config.dataDir) : null,
    siteOrigin: config.siteUrl,
  });
  if (!outcome.ok)
    return answer(
      { values, error: { field: outcome.field, message: outcome.error } },
      outcome.status,
    );
  return answer({
    values,
    report: {
      ...outcome.report,
      fileName: outcome.fileName,
      media: outcome.media,
    },
  });
}

export default function AdminImport({ actionData }: Route.ComponentProps) {
  return (
    <ImportPage
      links={<AdminLinks current="/admin/import" />}
      report={actionData?.report ?? null}
      error={actionData?.error ?? null}
      values={actionData?.values ?? { author: "", sourceUrl: "" }}
    />
  );
}
