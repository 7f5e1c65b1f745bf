/**
 * The writing page's sticky bar (docs/milestones.md#issue-18-the-writing-studio): the status line ("Saved 14:02 ·
 * 1,204 words · 7 min read", "Saving…", "Unsaved changes" or the error),
 * Settings (phones: opens the settings sheet), Preview, Save as draft and
 * Publish, which says Schedule for a time ahead and Update for a published
 * post. The submit buttons post the same `intent` as before.
 */
import { Eye, Settings2 } from "lucide-react";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { useHydrated } from "~/lib/use-hydrated";

export function StudioBar({
  status,
  publishWord,
  previewHref,
  onSettings,
}: {
  status: string;
  publishWord: string;
  /** The draft's preview, once it is saved. */
  previewHref?: string | null;
  onSettings: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <div className="sticky top-0 z-30 -mx-4 mb-4 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
      <p
        className="mr-auto min-w-0 basis-full text-sm text-slate-700 sm:basis-auto"
        role="status"
        aria-live="polite"
        data-testid="studio-status"
      >
        {status}
      </p>
      {hydrated ? (
        <button
          type="button"
          className={`${secondaryButton} gap-1 px-3 lg:hidden`}
          aria-haspopup="dialog"
          aria-controls="post-settings"
          onClick={onSettings}
        >
          <Settings2 aria-hidden="true" className="h-4 w-4" />
          Settings
        </button>
      ) : null}
      {previewHref ? (
        <a
          href={previewHref}
          target="_blank"
          rel="noopener"
          className={`${secondaryButton} gap-1 px-3`}
        >
          <Eye aria-hidden="true" className="h-4 w-4" />
          Preview
        </a>
      ) : null}
      <button type="submit" name="intent" value="draft" className={`${secondaryButton} px-3`}>
        Save as draft
      </button>
      <button type="submit" name="intent" value="publish" className={primaryButton}>
        {publishWord}
      </button>
    </div>
  );
}
