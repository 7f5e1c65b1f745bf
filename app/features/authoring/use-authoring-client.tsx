import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useBlocker, useFetcher, useNavigation } from "react-router";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Toast, useClearAfter } from "~/components/ui/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { IMAGE_TYPES } from "~/lib/image-upload";
import { uploadImage } from "./upload-image";
import { AUTOSAVE_DELAY_MS } from "./post-rules";
import { statusLine, wordsAndMinutes, type SaveState } from "./studio/studio-rules";
import type { FormValues, SaveActionData } from "./editor-types";
import { IMAGE_TOAST_MS, STUDIO_TOASTS } from "./studio/studio-messages";

/** Fields kept in the browser's copy of the form. */
const MIRRORED = [
  "title",
  "slug",
  "content",
  "excerpt",
  "post_type",
  "external_url",
  "featured_image_url",
  "featured_video_url",
  "featured_audio_url",
  "audio_type",
  "category_id",
  "tags",
  "og_title",
  "og_description",
  "og_image",
  "publish_at",
  "captions_url",
  "captions_lang",
  "captions_label",
  "event_starts_at",
  "event_ends_at",
  "event_time_zone",
  "event_venue",
  "event_online_url",
  "event_booking_url",
];

/** Sent to the form when its text is replaced on purpose (a restore): unsaved changes are dropped. */
export const DISCARD_EVENT = "authoring:discard";

/** Issue 18: the metadata lookup failed or was refused. */
export const METADATA_FAILED = "Couldn't read that page's title and image — fill them in yourself";

/** Asked before a client-side navigation leaves unsaved changes. */
export const LEAVE_CONFIRMATION = "You have unsaved changes. Leave this page?";

export const mirrorKey = (id: string | undefined | null) =>
  `founderbridge:post-form:${id || "new"}`;

type Mirror = { savedAt: number; fields: Record<string, string> };

function readFields(form: HTMLFormElement): Record<string, string> {
  const data = new FormData(form);
  const fields: Record<string, string> = {};
  for (const name of MIRRORED) {
    const v = data.get(name);
    if (typeof v === "string") fields[name] = v;
  }
  return fields;
}

export function setField(form: HTMLFormElement, name: string, value: string) {
  const el = form.elements.namedItem(name);
  if (
    el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement
  ) {
    el.value = value;
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }
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
  const saveState: SaveState =
    fetcher.state !== "idle" || navigation.state === "submitting"
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
  /** The bar's status line (issue 18). */
  const status = statusLine(saveState, wordsAndMinutes(body.content, body.postType));
  const dirty = useRef(false);
  const submitting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = mirrorKey(init.values.id);

  const autosave = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    if (!String(data.get("title") ?? "").trim()) return;
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

  // Restore the browser's copy, when it holds something the server does not.
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
    dirty.current = true;
    const restoredFields = readFields(form);
    queueMicrotask(() => {
      setRestored(true);
      setChangedAt(Date.now());
      setBody({
        content: restoredFields.content ?? "",
        postType: restoredFields.post_type ?? "blog",
      });
    });
    form.dispatchEvent(new CustomEvent("authoring:restored"));
    timer.current = setTimeout(autosave, AUTOSAVE_DELAY_MS);
    // Runs once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  // A restore from the history replaces the text on purpose (it asked first): leave without asking.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const discard = () => {
      dirty.current = false;
      submitting.current = true;
      clearTimeout(timer.current);
      try {
        localStorage.removeItem(key);
      } catch {
        // ignore
      }
    };
    form.addEventListener(DISCARD_EVENT, discard);
    return () => form.removeEventListener(DISCARD_EVENT, discard);
  }, [formRef, key]);

  // Autosave's answer.
  useEffect(() => {
    const answer = fetcher.state === "idle" ? fetcher.data : undefined;
    if (!answer) return;
    if (answer.ok) {
      dirty.current = false;
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
  }, [fetcher.data, fetcher.state, key]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current || submitting.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current && !submitting.current && currentLocation.pathname !== nextLocation.pathname,
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

  const onSubmit = useCallback(() => {
    submitting.current = true;
    clearTimeout(timer.current);
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
    // A failed save re-renders the form; changes after that count again.
    setTimeout(() => {
      submitting.current = false;
    }, 2000);
  }, [key]);

  /** The external link's metadata lookup (issue 18): under way, or it could not read the page. */
  const [metaState, setMetaState] = useState<"idle" | "loading" | "failed">("idle");
  const onExternalUrl = useCallback(
    async (event: React.FocusEvent<HTMLInputElement>) => {
      const form = formRef.current;
      const url = event.currentTarget.value.trim();
      if (!form || !/^https?:\/\//i.test(url)) return;
      setMetaState("loading");
      try {
        const res = await fetch("/api/metadata", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ url }),
        });
        if (!res.ok) {
          setMetaState("failed");
          return;
        }
        const meta = (await res.json()) as { title?: string; description?: string; image?: string };
        setMetaState(meta.title || meta.image ? "idle" : "failed");
        const fill = (name: string, value: string | undefined) => {
          const el = form.elements.namedItem(name) as HTMLInputElement | null;
          if (el && !el.value.trim() && value) setField(form, name, value);
        };
        fill("title", meta.title);
        fill("excerpt", meta.description);
        fill("featured_image_url", meta.image);
        onChange();
      } catch (error) {
        setMetaState("failed");
        console.error("Metadata lookup failed", error);
      }
    },
    [formRef, onChange],
  );

  const uploadButton = (field: string) =>
    hydrated ? (
      <UploadInput
        id={`upload-${field}`}
        onUploaded={(url) => {
          const form = formRef.current;
          if (form) setField(form, field, url);
          onChange();
        }}
      />
    ) : (
      <p className="mt-1 text-sm text-slate-600">
        Uploading needs JavaScript; paste a URL instead.
      </p>
    );

  /** An autosave refused because someone else saved since (issue 18). */
  const conflict = result && !result.ok ? (result.conflict ?? null) : null;

  /** Reload the post as saved now; this browser keeps the author's text and puts it back. */
  const reloadKeepingText = useCallback(() => {
    const form = formRef.current;
    if (form) {
      try {
        const mirror: Mirror = { savedAt: Date.now(), fields: readFields(form) };
        localStorage.setItem(key, JSON.stringify(mirror));
      } catch {
        // Storage full or disabled: the reload shows their version only.
      }
    }
    submitting.current = true;
    window.location.assign(window.location.pathname);
  }, [formRef, key]);

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

/** A file input that uploads at once, with a progress bar and a thumbnail of the stored image. */
function UploadInput({ id, onUploaded }: { id: string; onUploaded: (url: string) => void }) {
  const [message, setMessage] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string } | null>(null);
  const toast = useClearAfter(done, IMAGE_TOAST_MS);
  return (
    <div className="mt-1">
      <label htmlFor={id} className="sr-only">
        Upload an image
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        className="block max-w-full text-sm"
        onChange={(e) =>
          // A failed upload shows its message here; nothing waits for it.
          void (async () => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = "";
            if (!file) return;
            setMessage("Uploading…");
            setDone(null);
            setProgress(0);
            try {
              const url = await uploadImage(file, setProgress);
              onUploaded(url);
              setThumbnail(url);
              setMessage("");
              setDone({ text: STUDIO_TOASTS.imageUploaded });
            } catch (error) {
              setMessage(error instanceof Error ? error.message : "Failed to upload image");
            } finally {
              setProgress(null);
            }
          })()
        }
      />
      {progress !== null ? (
        <progress
          max={100}
          value={Math.round(progress * 100)}
          aria-label="Upload progress"
          className="mt-1 h-2 w-full"
        />
      ) : null}
      {thumbnail ? (
        <img src={thumbnail} alt="" className="mt-2 h-20 w-auto rounded border border-slate-200" />
      ) : null}
      <p className="mt-1 text-sm text-slate-700" role="status">
        {message}
      </p>
      {toast ? <Toast>{toast.text}</Toast> : null}
    </div>
  );
}
