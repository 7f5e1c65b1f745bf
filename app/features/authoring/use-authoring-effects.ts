/**
 * The post form's browser-side effects (use-authoring-client.tsx): the
 * restore of the browser's copy, a restore from the history, the autosave's
 * answer, the question before leaving, and a reload that keeps the text.
 */
import { useCallback, useEffect, useRef, type RefObject } from "react";
import { useBlocker, type useFetcher } from "react-router";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { AUTOSAVE_DELAY_MS } from "./post-rules";
import { DISCARD_EVENT, readFields, setField, type Mirror } from "./form-mirror";
import type { SaveActionData } from "./editor-types";

/** Asked before a client-side navigation leaves unsaved changes. */
export const LEAVE_CONFIRMATION = "You have unsaved changes. Leave this page?";

type FormRef = RefObject<HTMLFormElement | null>;
type Flag = RefObject<boolean>;
type Timer = RefObject<ReturnType<typeof setTimeout> | undefined>;

/** Restore the browser's copy, when it holds something the server does not. */
export function useRestoreMirror(
  formRef: FormRef,
  key: string,
  refs: { dirty: Flag; timer: Timer },
  autosave: () => void,
  onRestored: (fields: Record<string, string>) => void,
) {
  const { dirty: dirtyRef, timer: timerRef } = refs;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let mirror: Mirror | null;
    try {
      mirror = JSON.parse(localStorage.getItem(key) ?? "null") as Mirror | null;
    } catch {
      mirror = null;
    }
    if (!mirror?.fields) return;
    const current = readFields(form);
    const differs = Object.entries(mirror.fields).some(([k, v]) => (current[k] ?? "") !== v);
    if (!differs) return;
    for (const [name, value] of Object.entries(mirror.fields)) setField(form, name, value);
    dirtyRef.current = true;
    const restoredFields = readFields(form);
    queueMicrotask(() => onRestored(restoredFields));
    form.dispatchEvent(new CustomEvent("authoring:restored"));
    timerRef.current = setTimeout(autosave, AUTOSAVE_DELAY_MS);
    // Runs once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** A restore from the history replaces the text on purpose (it asked first): leave without asking. */
export function useDiscardEvent(
  formRef: FormRef,
  key: string,
  refs: { dirty: Flag; submitting: Flag; timer: Timer },
) {
  const { dirty: dirtyRef, submitting: submittingRef, timer: timerRef } = refs;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const discard = () => {
      dirtyRef.current = false;
      submittingRef.current = true;
      clearTimeout(timerRef.current);
      try {
        localStorage.removeItem(key);
      } catch {
        // ignore
      }
    };
    form.addEventListener(DISCARD_EVENT, discard);
    return () => form.removeEventListener(DISCARD_EVENT, discard);
  }, [formRef, key, dirtyRef, submittingRef, timerRef]);
}

/** Autosave's answer. */
export function useAutosaveAnswer(
  fetcher: ReturnType<typeof useFetcher<SaveActionData>>,
  key: string,
  dirtyRef: Flag,
) {
  useEffect(() => {
    const answer = fetcher.state === "idle" ? fetcher.data : undefined;
    if (!answer) return;
    if (answer.ok) {
      dirtyRef.current = false;
      try {
        localStorage.removeItem(key);
      } catch {
        // ignore
      }
    } else if (answer.status === 401 || answer.status === 403) {
      console.warn(`Autosave: ${answer.error}`);
    } else {
      console.error(`Autosave failed: ${answer.error}`);
    }
  }, [fetcher.data, fetcher.state, key, dirtyRef]);
}

/** Leaving with unsaved changes asks first; answers the kit's dialog to render. */
export function useLeaveGuard(dirtyRef: Flag, submittingRef: Flag) {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current || submittingRef.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirtyRef, submittingRef]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !submittingRef.current &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  const { confirm, dialog } = useConfirm();
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== "blocked" || asking.current) return;
    asking.current = true;
    void confirm(LEAVE_CONFIRMATION).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, confirm]);
  return dialog;
}

/** Reload the post as saved now; this browser keeps the author's text and puts it back. */
export function useReloadKeepingText(formRef: FormRef, key: string, submittingRef: Flag) {
  return useCallback(() => {
    const form = formRef.current;
    if (form) {
      try {
        const mirror: Mirror = { savedAt: Date.now(), fields: readFields(form) };
        localStorage.setItem(key, JSON.stringify(mirror));
      } catch {
        // Storage full or disabled: the reload shows their version only.
      }
    }
    submittingRef.current = true;
    window.location.assign(window.location.pathname);
  }, [formRef, key, submittingRef]);
}

/** The form is sent by a person: no autosave, no question before leaving, no browser copy. */
export function useSubmitHandler(key: string, refs: { submitting: Flag; timer: Timer }) {
  const { submitting: submittingRef, timer: timerRef } = refs;
  return useCallback(() => {
    submittingRef.current = true;
    clearTimeout(timerRef.current);
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
    // A failed save re-renders the form; changes after that count again.
    setTimeout(() => {
      submittingRef.current = false;
    }, 2000);
  }, [key, submittingRef, timerRef]);
}
