import { useState } from "react";
import { Toast, useClearAfter } from "~/components/ui/toast";
import { IMAGE_TYPES } from "~/lib/image-upload";
import type { RefObject } from "react";
import { uploadImage } from "./upload-image";
import { setField } from "./form-mirror";
import { IMAGE_TOAST_MS, STUDIO_TOASTS } from "./studio/studio-messages";

/** A file input that uploads at once, with a progress bar and a thumbnail of the stored image. */
export function UploadInput({ id, onUploaded }: { id: string; onUploaded: (url: string) => void }) {
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
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (!file) return;
          setMessage("Uploading…");
          setDone(null);
          setProgress(0);
          // Its failures are caught here and shown beside the field.
          void (async () => {
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
          })();
        }}
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

/** An upload control that fills `field` with the stored image's address; a note without JavaScript. */
export function useUploadButton(
  hydrated: boolean,
  formRef: RefObject<HTMLFormElement | null>,
  onChange: () => void,
) {
  return (field: string) =>
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
}
