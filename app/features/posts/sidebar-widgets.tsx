import { ResponsiveImage } from "~/components/image/responsive-image";
import type { RenderWidget } from "./types";

/** Sidebar ad widgets (docs/product/README.md#data-model "sidebar widget"): image, sanitised HTML or text. */
export function SidebarWidgets({ widgets }: { widgets: RenderWidget[] }) {
  if (widgets.length === 0) return null;
  return (
    <>
      {widgets.map((widget, index) => (
        <div key={index} className="overflow-hidden rounded-lg border border-slate-200">
          {widget.type === "image" ? (
            <WidgetImage widget={widget} />
          ) : widget.type === "html" ? (
            <div
              className="prose-widget p-4 text-sm"
              dangerouslySetInnerHTML={{ __html: widget.html }}
            />
          ) : (
            <p className="whitespace-pre-line p-4 text-sm text-slate-800">{widget.text}</p>
          )}
        </div>
      ))}
    </>
  );
}

function WidgetImage({ widget }: { widget: Extract<RenderWidget, { type: "image" }> }) {
  const img = (
    <ResponsiveImage
      src={widget.imageUrl}
      alt={widget.alt || (widget.linkUrl ? "Advertisement" : "")}
      width={600}
      height={500}
      sizes="(min-width: 1024px) 320px, calc(100vw - 32px)"
      className="h-auto w-full"
    />
  );
  if (!widget.linkUrl) return img;
  const external = /^https?:\/\//i.test(widget.linkUrl);
  return (
    <a
      href={widget.linkUrl}
      {...(external ? { rel: "sponsored noopener noreferrer", target: "_blank" } : {})}
    >
      {img}
    </a>
  );
}
