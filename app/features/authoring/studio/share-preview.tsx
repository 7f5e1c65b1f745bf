/**
 * The draft's "share preview" link (docs/milestones.md#issue-18-the-writing-studio): made here, shown once (only
 * its hash is kept), revoked here; it stops working when the post is
 * published. It talks to /preview/{id} through a fetcher: these buttons sit
 * inside the post form and must not submit it.
 */
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { secondaryButton } from "~/components/ui/button-styles";
import { inputClass } from "~/components/ui/form";
import { Toast, useClearAfter } from "~/components/ui/toast";
import { STUDIO_TOASTS, TOAST_MS } from "./studio-messages";

type Answer = { link: string | null; revoked: boolean };

export function SharePreview({ postId, active }: { postId: string; active: boolean }) {
  const fetcher = useFetcher<Answer>();
  const [copied, setCopied] = useState(false);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const link = answer?.link ?? null;
  // The success toast (docs/decisions/0147): one per answer, cleared after its time.
  const toast = useClearAfter(
    useMemo(
      () =>
        answer
          ? { text: answer.revoked ? STUDIO_TOASTS.shareRevoked : STUDIO_TOASTS.shareCreated }
          : null,
      [answer],
    ),
    TOAST_MS,
  );
  const isActive = answer ? Boolean(answer.link) : active;
  const absolute =
    link && typeof window !== "undefined" ? new URL(link, window.location.href).href : link;
  const send = (intent: "share" | "revoke") => {
    setCopied(false);
    void fetcher.submit({ intent }, { method: "post", action: `/preview/${postId}` });
  };
  return (
    <section
      aria-labelledby="share-preview-heading"
      className="rounded-lg border border-slate-200 p-4"
    >
      <h2 id="share-preview-heading" className="text-sm font-semibold text-slate-800">
        Share preview
      </h2>
      <p className="mt-1 text-xs text-slate-600">
        Anyone with the link can read this draft without an account, until you revoke it or publish.
      </p>
      {absolute ? (
        <div className="mt-2 space-y-2">
          <label htmlFor="share-preview-link" className="sr-only">
            Share link
          </label>
          <input id="share-preview-link" readOnly value={absolute} className={inputClass} />
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              void navigator.clipboard?.writeText(absolute).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy link"}
          </button>
        </div>
      ) : isActive ? (
        <p className="mt-2 text-sm text-slate-700">A share link is active.</p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => send("share")}>
          {isActive ? "New share link" : "Create share link"}
        </button>
        {isActive ? (
          <button type="button" className={secondaryButton} onClick={() => send("revoke")}>
            Revoke link
          </button>
        ) : null}
      </div>
      {toast ? (
        <div className="mt-2">
          <Toast>{toast.text}</Toast>
        </div>
      ) : null}
    </section>
  );
}
