/**
 * The kit's toast: a message announced politely (role="status") that clears
 * itself after the spec's time (3 s for an image upload, 5 s for settings).
 * It is in the server's HTML when a form was posted without JavaScript; the
 * clearing needs JavaScript. Errors use `tone="error"` and stay.
 */
import { useEffect, useState, type ReactNode } from "react";
import { ErrorBox, NoticeBox } from "./form";

/**
 * `value` until `ms` after it was given (null once cleared; a new value shows
 * again). With `ms` null it never clears.
 */
export function useClearAfter<T>(value: T | null, ms: number | null): T | null {
  const [cleared, setCleared] = useState<T | null>(null);
  useEffect(() => {
    if (value === null || ms === null) return;
    const timer = setTimeout(() => setCleared(() => value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value !== null && value !== cleared ? value : null;
}

export function Toast({
  tone = "success",
  children,
}: {
  tone?: "success" | "error";
  children: ReactNode;
}) {
  return tone === "error" ? <ErrorBox>{children}</ErrorBox> : <NoticeBox>{children}</NoticeBox>;
}

/** How long a success toast stays (docs/product/administration.md#site-settings: 5 s for settings; the same for the others). */
export const FLASH_TOAST_MS = 5000;

/**
 * A success carried over a redirect (a flash, app/lib/flash.server.ts): a
 * toast in the page's corner, in the server's HTML, cleared after 5 s.
 * `key` tells two equal messages apart, so the second shows too.
 */
export function FlashToast({ flash }: { flash: { text: string; key: number } | null }) {
  const shown = useClearAfter(flash, FLASH_TOAST_MS);
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-center sm:left-auto sm:justify-end">
      {shown ? (
        <div className="pointer-events-auto max-w-sm shadow-lg" data-testid="flash-toast">
          <Toast>{shown.text}</Toast>
        </div>
      ) : null}
    </div>
  );
}
