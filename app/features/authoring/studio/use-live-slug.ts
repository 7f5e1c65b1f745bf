import { useEffect, type RefObject } from "react";
import { followTitle } from "./studio-rules";

/**
 * The slug follows the title as it is typed (docs/milestones.md#issue-18-the-writing-studio) until the author
 * types in the slug field; a post that already has a slug keeps it.
 */
export function useLiveSlug(formRef: RefObject<HTMLFormElement | null>, hasSlug: boolean) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let edited = hasSlug;
    const onInput = (event: Event) => {
      const target = event.target as HTMLInputElement;
      if (target.name === "slug") {
        // The author's own typing (a restore from the browser's copy is not).
        if (event.isTrusted) edited = target.value.trim() !== "";
        return;
      }
      if (target.name !== "title" || edited) return;
      const slug = form.elements.namedItem("slug");
      if (slug instanceof HTMLInputElement) slug.value = followTitle(target.value, "", false);
    };
    form.addEventListener("input", onInput);
    return () => form.removeEventListener("input", onInput);
  }, [formRef, hasSlug]);
}
