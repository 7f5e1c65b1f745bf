/**
 * /admin/import (docs/decisions/0119, docs/decisions/0142): upload our export, a
 * Ghost JSON export or a WordPress WXR file; "Dry run" shows the report
 * without writing, "Import" writes it. Both buttons post the same form, so
 * with JavaScript the chosen file stays chosen between the two; without it,
 * the file is chosen again. The file's size is checked here first.
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { inputClass } from "~/components/ui/form";
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE } from "#server/http/limits";

export type ImportReportView = {
  dryRun: boolean;
  format: "founderbridge" | "ghost" | "wordpress";
  fileName: string;
  created: { posts: number; categories: number; tags: number; redirects: number };
  skipped: { item: string; reason: string }[];
  fallbackAuthors: { source: string; mappedTo: string; posts: number }[];
  media: { files: number; copied: boolean } | { notCopied: "s3" } | null;
};

export type ImportPageProps = {
  report: ImportReportView | null;
  error: { field: "file" | "author" | "sourceUrl"; message: string } | null;
  values: { author: string; sourceUrl: string };
};

const FORMAT_NAMES = {
  founderbridge: "FounderBridge export",
  ghost: "Ghost export",
  wordpress: "WordPress export (WXR)",
} as const;

const labelClass = "block text-sm font-semibold text-slate-800";
const hintClass = "mt-1 text-sm text-slate-700";

function FieldError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {message}
    </p>
  ) : null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Report({ report }: { report: ImportReportView }) {
  const { created } = report;
  // One string: the page's text reads as one sentence (no separate text nodes).
  const summary =
    `${report.dryRun ? "Importing" : "Imported"} ${report.fileName} (${FORMAT_NAMES[report.format]}) ` +
    `${report.dryRun ? "would create" : "created"} ${plural(created.posts, "post")}, ` +
    `${plural(created.categories, "category", "categories")}, ${plural(created.tags, "tag")} ` +
    `and ${plural(created.redirects, "redirect")}.`;
  return (
    <section aria-labelledby="import-report-heading" className="mt-8 space-y-4">
      <h2 id="import-report-heading" className="text-xl font-bold text-slate-900">
        {report.dryRun ? "Dry run: nothing was written" : "Imported"}
      </h2>
      <p className="break-words text-slate-800" role="status">
        {summary}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        {(
          [
            ["Posts", created.posts],
            ["Categories", created.categories],
            ["Tags", created.tags],
            ["Redirects", created.redirects],
          ] as const
        ).map(([label, count]) => (
          <div key={label} className="rounded-md border border-slate-200 p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{count}</dd>
          </div>
        ))}
      </dl>
      {report.fallbackAuthors.length > 0 ? (
        <div>
          <h3 className="font-semibold text-slate-900">Authors without a profile here</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
            {report.fallbackAuthors.map((a) => (
              <li key={a.source} className="break-words">
                {`${a.source}: ${plural(a.posts, "post")} ${report.dryRun ? "would go" : "went"} to @${a.mappedTo}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.media ? (
        <p className="text-slate-800">
          {"notCopied" in report.media
            ? "Media files were not copied: the uploads are on S3. Copy the archive's media/ folder to the bucket."
            : `Media: ${plural(report.media.files, "file")} ${report.media.copied ? "copied to" : "would be copied to"} the uploads (files already there are kept).`}
        </p>
      ) : null}
      <div>
        <h3 className="font-semibold text-slate-900">
          {`Skipped: ${report.skipped.length === 0 ? "nothing" : report.skipped.length}`}
        </h3>
        {report.skipped.length > 0 ? (
          <ul className="mt-1 space-y-1 text-slate-800" data-testid="import-skipped">
            {report.skipped.map((s, i) => (
              <li key={`${s.item}-${i}`} className="break-words">
                <span className="font-semibold">{s.item}</span>
                {`: ${s.reason}`}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

export function ImportPage({ report, error, values }: ImportPageProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [tooLarge, setTooLarge] = useState(false);
  const fileError = tooLarge
    ? IMPORT_TOO_LARGE_MESSAGE
    : error?.field === "file"
      ? error.message
      : null;
  return (
    <div>
      <h1 className="text-2xl font-extrabold text-brand-900">Import content</h1>
      <p className="mt-2 text-slate-700">
        Our own export (content.json, or the .tar.gz from npm run export), a Ghost JSON export or a
        WordPress WXR file, up to {IMPORT_MAX_BYTES / (1024 * 1024)} MB. Authors are matched to
        members by e-mail or username, categories and tags by slug, and old addresses redirect to
        the new ones. A dry run shows what would be created and skipped without writing anything;
        importing the same file twice adds nothing.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-6 space-y-4"
        onSubmit={(event) => {
          const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
          const file = input?.files?.[0];
          if (file && file.size > IMPORT_MAX_BYTES) {
            event.preventDefault();
            setTooLarge(true);
            input?.focus();
          }
        }}
      >
        <div>
          <label htmlFor="import-file" className={labelClass}>
            Export file
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".json,.xml,.gz,.tgz,application/json,application/xml,text/xml,application/gzip"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? "import-file-error" : undefined}
            onChange={() => setTooLarge(false)}
            className="mt-1 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          />
          <FieldError id="import-file-error" message={fileError} />
        </div>
        <ImportOptions values={values} error={error} />
        <ImportButtons busy={busy} />
      </Form>
      {report ? <Report report={report} /> : null}
    </div>
  );
}

/** The fallback author and the old site's address, each with its hint and message. */
function ImportOptions({ values, error }: Pick<ImportPageProps, "values" | "error">) {
  const fieldError = (field: "author" | "sourceUrl") =>
    error?.field === field ? error.message : null;
  return (
    <>
      <div>
        <label htmlFor="import-author" className={labelClass}>
          Fallback author (username)
        </label>
        <input
          id="import-author"
          name="author"
          defaultValue={values.author}
          autoComplete="off"
          maxLength={60}
          aria-invalid={fieldError("author") ? true : undefined}
          aria-describedby={
            fieldError("author") ? "import-author-error import-author-hint" : "import-author-hint"
          }
          className={inputClass}
        />
        <p id="import-author-hint" className={hintClass}>
          Posts whose author has no profile here go to this member. Needed only when the report asks
          for it.
        </p>
        <FieldError id="import-author-error" message={fieldError("author")} />
      </div>
      <div>
        <label htmlFor="import-source-url" className={labelClass}>
          Old site address (Ghost exports)
        </label>
        <input
          id="import-source-url"
          name="sourceUrl"
          type="url"
          defaultValue={values.sourceUrl}
          placeholder="https://blog.example.com"
          autoComplete="off"
          maxLength={500}
          aria-invalid={fieldError("sourceUrl") ? true : undefined}
          aria-describedby={
            fieldError("sourceUrl")
              ? "import-source-url-error import-source-url-hint"
              : "import-source-url-hint"
          }
          className={inputClass}
        />
        <p id="import-source-url-hint" className={hintClass}>
          Put in place of __GHOST_URL__ in the posts&apos; image links.
        </p>
        <FieldError id="import-source-url-error" message={fieldError("sourceUrl")} />
      </div>
    </>
  );
}

/** Dry run and Import post the same form; while it is read, a status says so. */
function ImportButtons({ busy }: { busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-3">
      <button
        type="submit"
        name="intent"
        value="dry-run"
        disabled={busy}
        className={secondaryButton}
      >
        Dry run
      </button>
      <button type="submit" name="intent" value="import" disabled={busy} className={primaryButton}>
        Import
      </button>
      {busy ? (
        <p role="status" className="self-center text-sm text-slate-700">
          Reading the file…
        </p>
      ) : null}
    </div>
  );
}
