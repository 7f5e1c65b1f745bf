/**
 * The Content API page (docs/operations.md#content-api): create a key (shown once), list the
 * keys with when they were last used, revoke one.
 */
import { TableScrollBox } from "~/components/ui/data-table";
import { Form } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { ErrorBox, inputClass, NoticeBox } from "~/components/ui/form";
import type { KeyListRow } from "./keys-page.server";

const cell = "px-3 py-2 text-left align-top";

export function ContentApiKeysPage({
  keys,
  notice,
  error,
  created,
  typedName,
}: {
  keys: KeyListRow[];
  notice: string | null;
  error: string | null;
  created: { name: string; key: string } | null;
  typedName: string;
}) {
  return (
    <div>
      <h1 className="mb-2 text-3xl font-bold text-slate-900">Content API</h1>
      <p className="mb-6 text-slate-700">
        Other tools read the site&apos;s published posts, categories, tags and authors as JSON at{" "}
        <code>/api/content/v1</code> with a key (<code>?key=</code> or{" "}
        <code>Authorization: Bearer</code>). The API is described at{" "}
        <a className="text-brand-700 underline" href="/api/content/v1/openapi.json">
          /api/content/v1/openapi.json
        </a>
        .
      </p>
      <div className="mb-4 space-y-3">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {notice ? <NoticeBox>{notice}</NoticeBox> : null}
        {created ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
            <label htmlFor="new-key" className="block text-sm font-semibold text-slate-800">
              New key for {created.name}
            </label>
            <input
              id="new-key"
              readOnly
              value={created.key}
              data-testid="new-api-key"
              className={`${inputClass} font-mono`}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        ) : null}
      </div>
      <CreateKeyForm typedName={typedName} refused={Boolean(error && !created)} />
      <KeysTable keys={keys} />
    </div>
  );
}

/** A name for the new key; a refused name comes back marked invalid. */
function CreateKeyForm({ typedName, refused }: { typedName: string; refused: boolean }) {
  return (
    <section aria-labelledby="create-key-heading" className="mb-8">
      <h2 id="create-key-heading" className="mb-3 text-xl font-bold text-slate-900">
        Create Key
      </h2>
      <Form
        method="post"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <input type="hidden" name="intent" value="create" />
        <div className="min-w-64 flex-1">
          <label htmlFor="key-name" className="block text-sm font-semibold text-slate-800">
            Name
          </label>
          <input
            id="key-name"
            name="name"
            defaultValue={typedName}
            maxLength={100}
            placeholder="Static front-end"
            aria-invalid={refused ? true : undefined}
            className={inputClass}
          />
        </div>
        <button type="submit" className={primaryButton}>
          Create Key
        </button>
      </Form>
    </section>
  );
}

/** The keys: name, prefix, created, last used, and Revoke (or when it was revoked). */
function KeysTable({ keys }: { keys: KeyListRow[] }) {
  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading" className="mb-3 text-xl font-bold text-slate-900">
        Keys
      </h2>
      {keys.length === 0 ? (
        <p className="text-slate-700">No keys yet.</p>
      ) : (
        <TableScrollBox>
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th className={cell}>Name</th>
                <th className={cell}>Key</th>
                <th className={cell}>Created</th>
                <th className={cell}>Last used</th>
                <th className={cell}>Status</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} className="border-b border-slate-200">
                  <td className={cell}>{key.name}</td>
                  <td className={`${cell} font-mono`}>{key.keyPrefix}…</td>
                  <td className={cell}>
                    {key.created}
                    {key.creator ? ` by ${key.creator}` : ""}
                  </td>
                  <td className={cell}>{key.lastUsed ?? "Never"}</td>
                  <td className={cell}>
                    {key.revoked ? (
                      `Revoked ${key.revoked}`
                    ) : (
                      <Form method="post" aria-label={`Revoke the key ${key.name}`}>
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="id" value={key.id} />
                        <button type="submit" className={secondaryButton}>
                          Revoke
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScrollBox>
      )}
    </section>
  );
}
