import { DEFAULT_DESCRIPTION } from "./meta";

/** The brand colour (app.css --color-brand-700): the browser's toolbar and the icons'. */
export const THEME_COLOR = "#1e40af";

/**
 * The web app manifest (/manifest.webmanifest): the site's name, its icons
 * (public/, made by scripts/make-icons.ts) and colours, so that "Add to home
 * screen" and the browser's tab show the site as itself.
 */
export function webManifest(siteName: string) {
  return {
    name: siteName,
    short_name: siteName.length <= 12 ? siteName : siteName.slice(0, 12).trimEnd(),
    description: DEFAULT_DESCRIPTION,
    lang: "en-GB",
    start_url: "/",
    scope: "/",
    display: "minimal-ui",
    theme_color: THEME_COLOR,
    background_color: "#ffffff",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
