/**
 * The post's History (docs/milestones.md#issue-18-the-writing-studio): its revisions, newest first; Compare shows
 * what changed from one to the post as saved now (removed words struck
 * through, added ones underlined); Restore asks first, then puts it back
 * (the server keeps that as a new revision) and reloads the editor.
 */
import { useEffect, useState } from "react";
import { useFetcher, useSubmit } from "react-router";
import { secondaryButton } from "~/components/ui/button-styles";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { DISCARD_EVENT } from "../use-authoring-client";
import { clockTime } from "./studio-rules";

type Revision = { id: string; title: string; savedAt: string; savedBy: string };
type Part = { value: string; added?: boolean; removed?: boolean };
type Diff = { title: Part[]; excerpt: Part[]; body: Part[] };

export const RESTORE_CONFIRMATION =
  "Restore this revision? The post's title, text, excerpt and author go back to it; the current version stays in the history.";

function Parts({ parts }: { parts: Part[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.added ? (
          <ins key={i} className="bg-green-100 text-green-900">
            {p.value}
          </ins>
        ) : p.removed ? (
          <del key={i} className="bg-red-100 text-red-900">
            {p.value}
          </del>
        ) : (
          <span key={i}>{p.value}</span>
        ),
      )}
    </>
  );
}

export function HistoryPanel({ postId }: { postId: string }) {
  const list = useFetcher<{ revisions: Revision[] }>();
  const compare = useFetcher<{ diff: Diff }>();
  const submit = useSubmit();
  const { confirm, dialog } = useConfirm();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const base = `/api/posts/${postId}/revisions`;
  useEffect(() => {
    if (open && list.state === "idle" && !list.data) void list.load(base);
  }, [open, list, base]);
  const revisions = list.data?.revisions ?? [];
  return (
    <section aria-labelledby="history-heading" className="rounded-lg border border-slate-200 p-4">
      <h2 id="history-heading" className="text-sm font-semibold text-slate-800">
        History
      </h2>
      <button
        type="button"
        className={`${secondaryButton} mt-2`}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? "Hide history" : "Show history"}
      </button>
      {open ? (
        list.state !== "idle" && !list.data ? (
          <p className="mt-2 text-sm text-slate-700">Loading…</p>
        ) : revisions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No saved versions yet.</p>
        ) : (
          <ol className="mt-2 space-y-2" aria-label="Revisions">
            {revisions.map((r) => (
              <li key={r.id} className="rounded border border-slate-200 p-2 text-sm">
                <p className="font-semibold text-slate-900">{r.title}</p>
                <p className="text-xs text-slate-600">
                  <time dateTime={r.savedAt}>
                    {new Date(r.savedAt).toLocaleDateString("en-GB")} {clockTime(r.savedAt)}
                  </time>{" "}
                  · {r.savedBy}
                </p>
                <div className="mt-1 flex gap-2">
                  <button
                    type="button"
                    className="text-brand-700 underline"
                    onClick={() => {
                      setShown(r.id);
                      void compare.load(`${base}?revision=${r.id}`);
                    }}
                  >
                    Compare
                  </button>
                  <button
                    type="button"
                    className="text-brand-700 underline"
                    onClick={() => {
                      void confirm(RESTORE_CONFIRMATION, { confirmLabel: "Restore" }).then(
                        (yes) => {
                          if (!yes) return;
                          document
                            .getElementById("post-form")
                            ?.dispatchEvent(new CustomEvent(DISCARD_EVENT));
                          void submit({ revision: r.id }, { method: "post", action: base });
                        },
                      );
                    }}
                  >
                    Restore
                  </button>
                </div>
                {shown === r.id && compare.data && compare.state === "idle" ? (
                  <div
                    className="mt-2 space-y-1 rounded bg-slate-50 p-2 text-sm"
                    aria-label="Changes since this revision"
                    role="region"
                  >
                    <p>
                      <span className="font-semibold">Title: </span>
                      <Parts parts={compare.data.diff.title} />
                    </p>
                    <p className="whitespace-pre-wrap">
                      <span className="font-semibold">Text: </span>
                      <Parts parts={compare.data.diff.body} />
                    </p>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )
      ) : null}
      {dialog}
    </section>
  );
}
