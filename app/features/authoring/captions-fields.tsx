/**
 * The featured video's captions (docs/decisions/0113): a WebVTT file uploaded here
 * (with JavaScript; its address can be typed or cleared without), its
 * language and label. Removing clears the address; saving then drops the track.
 */
import { useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { sendSubmission } from "~/lib/submission-key";
import { secondaryButton } from "~/components/ui/button-styles";
import { CAPTIONS_DEFAULTS, CAPTIONS_MESSAGES, captionsFileProblem } from "./captions";
import { fieldClass } from "./field-class";
import { describedBy, Field } from "./post-field";
import type { FormValues } from "./editor-types";
import { setField } from "./use-authoring-client";

/** Uploads a captions file and answers its address (the server's words on failure). */
async function uploadCaptionsFile(file: File): Promise<string> {
  const problem = captionsFileProblem(file);
  if (problem) throw new Error(problem);
  const body = new FormData();
  body.set("kind", "captions");
  body.set("file", file);
  const res = await sendSubmission("/api/uploads", { method: "POST", body });
  const json = (await res.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!res.ok || !json.url) throw new Error(json.error || CAPTIONS_MESSAGES.failed);
  return json.url;
}

export function CaptionsFields({
  values,
  fieldErrors,
  onChange,
}: {
  values: FormValues;
  fieldErrors: Record<string, string>;
  onChange: () => void;
}) {
  const [hasCaptions, setHasCaptions] = useState(Boolean(values.captions_url));
  const urlRef = useRef<HTMLInputElement>(null);
  const set = (url: string) => {
    const form = urlRef.current?.form;
    if (form) setField(form, "captions_url", url);
    setHasCaptions(Boolean(url));
    onChange();
  };
  const urlHint = "A WebVTT (.vtt) file for a featured video file; uploaded below.";
  return (
    <div className="grid gap-4">
      <Field
        label="Captions file (WebVTT)"
        name="captions_url"
        error={fieldErrors.captions_url}
        hint={urlHint}
      >
        <input
          ref={urlRef}
          id="post-captions_url"
          name="captions_url"
          type="text"
          defaultValue={values.captions_url ?? ""}
          onInput={(e) => setHasCaptions(Boolean(e.currentTarget.value))}
          aria-invalid={fieldErrors.captions_url ? true : undefined}
          aria-describedby={describedBy("captions_url", fieldErrors.captions_url, urlHint)}
          className={fieldClass}
        />
      </Field>
      <CaptionsUpload hasCaptions={hasCaptions} onUrl={set} />
      <CaptionsTrackFields values={values} fieldErrors={fieldErrors} />
    </div>
  );
}

/**
 * Upload a captions file (with JavaScript), or remove the captions; the
 * status line says how it went.
 */
function CaptionsUpload({
  hasCaptions,
  onUrl,
}: {
  hasCaptions: boolean;
  onUrl: (url: string) => void;
}) {
  const hydrated = useHydrated();
  const [message, setMessage] = useState("");
  return (
    <div>
      <span className="block text-sm font-semibold text-slate-800">Captions upload</span>
      {hydrated ? (
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <label htmlFor="upload-captions" className="sr-only">
            Upload a captions file
          </label>
          <input
            id="upload-captions"
            type="file"
            accept=".vtt,text/vtt"
            className="block text-sm"
            onChange={(e) =>
              // A failed upload shows its message here; nothing waits for it.
              void (async () => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = "";
                if (!file) return;
                setMessage("Uploading…");
                try {
                  onUrl(await uploadCaptionsFile(file));
                  setMessage("Captions uploaded.");
                } catch (error) {
                  setMessage(error instanceof Error ? error.message : CAPTIONS_MESSAGES.failed);
                }
              })()
            }
          />
          {hasCaptions ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                onUrl("");
                setMessage("Captions removed. Save to apply.");
              }}
            >
              Remove captions
            </button>
          ) : null}
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Uploading needs JavaScript; empty the address to remove the captions.
        </p>
      )}
      <p className="mt-1 text-sm text-slate-700" role="status">
        {message}
      </p>
    </div>
  );
}

/** The captions track's language and label. */
function CaptionsTrackFields({
  values,
  fieldErrors,
}: {
  values: FormValues;
  fieldErrors: Record<string, string>;
}) {
  return (
    <>
      <Field label="Captions language" name="captions_lang" error={fieldErrors.captions_lang}>
        <input
          id="post-captions_lang"
          name="captions_lang"
          type="text"
          maxLength={35}
          placeholder={CAPTIONS_DEFAULTS.lang}
          defaultValue={values.captions_lang ?? ""}
          aria-invalid={fieldErrors.captions_lang ? true : undefined}
          aria-describedby={describedBy("captions_lang", fieldErrors.captions_lang)}
          className={fieldClass}
        />
      </Field>
      <Field label="Captions label" name="captions_label" error={fieldErrors.captions_label}>
        <input
          id="post-captions_label"
          name="captions_label"
          type="text"
          maxLength={50}
          placeholder={CAPTIONS_DEFAULTS.label}
          defaultValue={values.captions_label ?? ""}
          aria-invalid={fieldErrors.captions_label ? true : undefined}
          aria-describedby={describedBy("captions_label", fieldErrors.captions_label)}
          className={fieldClass}
        />
      </Field>
    </>
  );
}
