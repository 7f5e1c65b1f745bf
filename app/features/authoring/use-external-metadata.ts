import { useCallback, useState, type RefObject } from "react";
import { setField } from "./form-mirror";

/** docs/milestones.md#issue-18-the-writing-studio: the metadata lookup failed or was refused. */
export const METADATA_FAILED = "Couldn't read that page's title and image — fill them in yourself";

/**
 * The external link's metadata lookup (docs/milestones.md#issue-18-the-writing-studio): on leaving the link field,
 * the page's title, description and image fill the fields still empty.
 */
export function useExternalMetadata(
  formRef: RefObject<HTMLFormElement | null>,
  onChange: () => void,
) {
  /** The external link's metadata lookup (docs/milestones.md#issue-18-the-writing-studio): under way, or it could not read the page. */
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
  return { metaState, onExternalUrl };
}
