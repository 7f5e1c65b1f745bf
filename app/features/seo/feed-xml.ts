/**
 * What every feed writes (feeds.server.ts, sitemap.server.ts,
 * podcast.server.ts): escaped XML, absolute addresses, CDATA, and bodies
 * whose addresses work away from the site.
 */
import sanitizeHtml from "sanitize-html";
import { ALLOWED_TAGS } from "~/features/posts/sanitize.server";

export function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : c === "'" ? "&apos;" : "&quot;",
  );
}

export const abs = (path: string, siteUrl: string) => new URL(path, siteUrl).toString();

/**
 * Makes every address in sanitised HTML absolute (feed readers show the body
 * away from the site) and drops what only the site's own page uses
 * (srcset/sizes of the responsive copies, lazy loading).
 */
export function absoluteHtml(html: string, siteUrl: string): string {
  const absolute = (value: string | undefined) => {
    if (!value || value.startsWith("#")) return value;
    try {
      return new URL(value, `${siteUrl}/`).toString();
    } catch {
      return value;
    }
  };
  return sanitizeHtml(html, {
    // The input is sanitised already: the same tags, every attribute it kept.
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: false,
    transformTags: {
      "*": (tagName, attribs) => {
        const next = { ...attribs };
        for (const name of ["href", "src", "cite", "poster"]) {
          if (next[name] !== undefined) next[name] = absolute(next[name])!;
        }
        delete next.srcset;
        delete next.sizes;
        delete next.loading;
        delete next.decoding;
        return { tagName, attribs: next };
      },
    },
  });
}

/** CDATA for content:encoded; "]]>" inside is split across two sections. */
export function cdata(value: string) {
  return `<![CDATA[${value.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}
