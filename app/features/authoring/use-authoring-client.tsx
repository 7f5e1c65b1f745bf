import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useFetcher, useNavigation } from "react-router";
import { textOf } from "~/lib/form-values";
import { useHydrated } from "~/lib/use-hydrated";
import { AUTOSAVE_DELAY_MS } from "./post-rules";
import { statusLine, wordsAndMinutes, type SaveState } from "./studio/studio-rules";
import type { FormValues, SaveActionData } from "./editor-types";
import { mirrorKey, readFields, type Mirror } from "./form-mirror";
import { useUploadButton } from "./upload-input";
import { useExternalMetadata } from "./use-external-metadata";
import {
  useAutosaveAnswer,
  useDiscardEvent,
  useLeaveGuard,
  useReloadKeepingText,
  useRestoreMirror,
  useSubmitHandler,
} from "./use-authoring-effects";

export { DISCARD_EVENT, mirrorKey, setField } from "./form-mirror";
export { METADATA_FAILED } from "./use-external-metadata";
export { LEAVE_CONFIRMATION } from "./use-authoring-effects";

/** The status the bar shows: saving, refused, unsaved changes, an error, or saved (and when). */
function saveStateOf(
  busy: boolean,
  result: SaveActionData | undefined,
  unsaved: boolean,
  init: { error?: string | null; savedAt?: string | null },
): SaveState {
  return busy
    ? { kind: "saving" }
    : result && !result.ok && (result.status === 401 || result.status === 403)
      ? { kind: "error", message: result.error }
      : unsaved
        ? { kind: "dirty" }
        : init.error
          ? { kind: "error", message: init.error }
          : {
              kind: "saved",
              at: (result?.ok ? result.lastAutosave : null) ?? init.savedAt ?? null,
            };
}

/**
 * The form's browser-side helpers: autosave 60 s after the last change
 * (title required; drafts only, see docs/decisions/0005), a copy of the form
 * in localStorage restored after a crash or a closed tab, a warning before
 * leaving with unsaved changes, uploads and the external-link metadata.
 */
export function useAuthoringClient(
  formRef: RefObject<HTMLFormElement | null>,
  init: {
    values: FormValues;
    lastAutosave: string | null;
    /** When this post was last saved (autosave or a person), for the status line. */
    savedAt?: string | null;
    /** The save's error shown on the page, if any. */
    error?: string | null;
  },
) {
  const fetcher = useFetcher<SaveActionData>();
  const [restored, setRestored] = useState(false);
  const hydrated = useHydrated();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const postId = result?.ok ? result.id : init.values.id || null;
  const navigation = useNavigation();
  // Changes since the last autosave was sent: unsaved until an autosave sent after them succeeds.
  const [changedAt, setChangedAt] = useState(0);
  const [sentAt, setSentAt] = useState(0);
  const unsaved = changedAt > sentAt || Boolean(result && !result.ok);
  const [body, setBody] = useState({
    content: init.values.content ?? "",
    postType: init.values.post_type ?? "blog",
  });
  const saveState = saveStateOf(
    fetcher.state !== "idle" || navigation.state === "submitting",
    result,
    unsaved,
    init,
  );
  /** The bar's status line (docs/milestones.md#issue-18-the-writing-studio). */
  const status = statusLine(saveState, wordsAndMinutes(body.content, body.postType));
  const dirty = useRef(false);
  const submitting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = mirrorKey(init.values.id);

  const autosave = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    if (!textOf(data, "title").trim()) return;
    data.set("intent", "autosave");
    setSentAt(Date.now());
    void fetcher.submit(data, { method: "post" });
  }, [fetcher, formRef]);

  const onChange = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    dirty.current = true;
    setChangedAt(Date.now());
    try {
      const fields = readFields(form);
      setBody({ content: fields.content ?? "", postType: fields.post_type ?? "blog" });
      const mirror: Mirror = { savedAt: Date.now(), fields };
      localStorage.setItem(key, JSON.stringify(mirror));
    } catch {
      // Storage full or disabled: autosave still runs.
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(autosave, AUTOSAVE_DELAY_MS);
  }, [autosave, formRef, key]);
  useRestoreMirror(formRef, key, { dirty, timer }, autosave, (restoredFields) => {
    setRestored(true);
    setChangedAt(Date.now());
    setBody({
      content: restoredFields.content ?? "",
      postType: restoredFields.post_type ?? "blog",
    });
  });

  useEffect(() => () => clearTimeout(timer.current), []);
  useDiscardEvent(formRef, key, { dirty, submitting, timer });
  useAutosaveAnswer(fetcher, key, dirty);
  const dialog = useLeaveGuard(dirty, submitting);

  const onSubmit = useSubmitHandler(key, { submitting, timer });
  const { metaState, onExternalUrl } = useExternalMetadata(formRef, onChange);

  const uploadButton = useUploadButton(hydrated, formRef, onChange);

  /** An autosave refused because someone else saved since (docs/milestones.md#issue-18-the-writing-studio). */
  const conflict = result && !result.ok ? (result.conflict ?? null) : null;
  const reloadKeepingText = useReloadKeepingText(formRef, key, submitting);

  return {
    postId,
    status,
    /** The body as typed now (the editor's HTML). */
    content: body.content,
    saveState,
    conflict,
    reloadKeepingText,
    metaState,
    restored,
    onChange,
    onSubmit,
    onExternalUrl,
    uploadButton,
    dialog,
  };
}
