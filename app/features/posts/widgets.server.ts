import type { SidebarWidget } from "#server/db/schema";
import { sanitizePostHtml } from "./sanitize.server";

import type { RenderWidget } from "./types";

export type { RenderWidget };

export function prepareWidgets(widgets: (SidebarWidget | null | undefined)[]): RenderWidget[] {
  return widgets
    .filter((w): w is SidebarWidget => Boolean(w))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .flatMap((w): RenderWidget[] => {
      if (w.type === "image" && w.image_url) {
        return [
          {
            type: "image",
            imageUrl: w.image_url,
            linkUrl: w.link_url ?? null,
            alt: w.content ?? "",
          },
        ];
      }
      if (w.type === "html" && w.html_code) {
        const html = sanitizePostHtml(w.html_code);
        return html ? [{ type: "html", html }] : [];
      }
      if (w.type === "text" && w.content?.trim()) return [{ type: "text", text: w.content.trim() }];
      return [];
    });
}
