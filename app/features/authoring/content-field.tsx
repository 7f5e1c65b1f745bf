import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { fieldClass } from "./field-class";

/** The editor's own chunk: only authoring pages ask for it, and only in the browser. */
const RichEditor = lazy(() => import("./rich-editor"));

/**
 * The post body. Without JavaScript (and until the editor has loaded) it is
 * an HTML textarea; the rich-text editor then takes over and writes its HTML
 * back into the same field, so the form posts `content` either way.
 */
export function ContentField({
  defaultValue,
  onChange,
}: {
  defaultValue: string;
  onChange?: () => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [textarea, setTextarea] = useState<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    // After a restore from the browser's copy (a mount effect too), so the editor starts from it.
    const id = setTimeout(() => setTextarea(ref.current), 0);
    return () => clearTimeout(id);
  }, []);
  return (
    <>
      <textarea
        ref={ref}
        id="post-content"
        name="content"
        rows={16}
        defaultValue={defaultValue}
        onChange={onChange}
        hidden={Boolean(textarea)}
        className={`${fieldClass} font-mono text-sm`}
      />
      {textarea ? (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading the editor…</p>}>
          <RichEditor textarea={textarea} onChange={onChange} />
        </Suspense>
      ) : null}
    </>
  );
}
