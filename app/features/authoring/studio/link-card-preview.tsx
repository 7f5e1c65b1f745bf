/**
 * The Open Graph link card (docs/product/authoring.md#studio): how a link to this post will look
 * when shared (image, title, description, the site's address), redrawn as
 * the author types the Open Graph fields, the title, the excerpt, the body or
 * the featured image, with the fallbacks of the page's own meta tags
 * (~/lib/share-card).
 */
import { useEffect, useState, type RefObject } from "react";
import { useRouteLoaderData } from "react-router";
import { textOf } from "~/lib/form-values";
import { shareCard, type ShareCardFields } from "~/lib/share-card";

const FIELDS: (keyof ShareCardFields)[] = [
  "title",
  "og_title",
  "og_description",
  "og_image",
  "excerpt",
  "content",
  "featured_image_url",
  "featured_video_url",
];

function fieldsOf(source: (name: string) => string): ShareCardFields {
  return Object.fromEntries(FIELDS.map((name) => [name, source(name)])) as ShareCardFields;
}

export function LinkCardPreview({
  formRef,
  values,
  content,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  /** The fields as loaded (the server's rendering, before the form is read). */
  values: Record<string, string>;
  /** The body as the editor has it now (the editor writes no input events). */
  content: string;
}) {
  const siteUrl =
    useRouteLoaderData<{ siteUrl?: string }>("root")?.siteUrl ?? "http://localhost:3000";
  const [fields, setFields] = useState(() => fieldsOf((name) => values[name] ?? ""));
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const read = () => {
      const data = new FormData(form);
      setFields(fieldsOf((name) => textOf(data, name)));
    };
    read();
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
    };
  }, [formRef]);
  const card = shareCard({ ...fields, content }, siteUrl);
  return (
    <figure className="grid gap-1">
      <figcaption className="text-sm font-semibold text-slate-800">Link preview</figcaption>
      <div
        className="overflow-hidden rounded-lg border border-slate-300 bg-white"
        data-testid="link-card"
      >
        <img
          src={card.image}
          alt=""
          className="aspect-[1200/630] w-full bg-slate-100 object-cover"
          data-testid="link-card-image"
        />
        <div className="space-y-0.5 border-t border-slate-200 bg-slate-50 px-3 py-2">
          <p className="text-xs text-slate-600 uppercase">{card.domain}</p>
          <p className="line-clamp-2 font-semibold text-slate-900" data-testid="link-card-title">
            {card.title || "Untitled"}
          </p>
          <p className="line-clamp-2 text-sm text-slate-700" data-testid="link-card-description">
            {card.description}
          </p>
        </div>
      </div>
    </figure>
  );
}
