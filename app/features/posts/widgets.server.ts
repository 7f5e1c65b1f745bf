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

/**
 * The site's default sidebar banner (site settings), unless the post's own
 * widgets already show that image: the demo's posts (and an editor copying
 * the banner into a post) list it as an image widget too, and the sidebar
 * showed it twice (docs/decisions/0264).
 */
export function defaultBannerUnlessShown<B extends { imageUrl: string }>(
  widgets: RenderWidget[],
  banner: B | null,
): B | null {
  if (!banner) return null;
  const shown = widgets.some((w) => w.type === "image" && sameImage(w.imageUrl, banner.imageUrl));
  return shown ? null : banner;
}

function sameImage(a: string, b: string): boolean {
  return a.trim() === b.trim();
}
