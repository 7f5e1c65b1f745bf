/**
 * Post bodies and HTML widgets, sanitised on write and on render (docs/product/reading.md#media):
 * a whitelist of tags (paragraphs, headings, lists, links, images, tables,
 * iframes and similar) and of attributes (href, target, rel, src, alt, title,
 * width, height, id, style). No data-* attributes, no event handlers,
 * no javascript: URLs; iframes only from the embed hosts the CSP allows;
 * inline styles only with allow-listed properties and values.
 *
 * Classes and ids (docs/milestones.md#issue-13-security): the site's stylesheet is utility classes, so a
 * body with `class="fixed inset-0 bg-white"` could cover the page. Only the
 * editor's own classes stay (a code block's `language-…`); every id is
 * prefixed with `user-content-` (and the body's own `#…` links with it) so it
 * cannot collide with the page's ids.
 */
import sanitizeHtml from "sanitize-html";
import { parseSizedImage, srcSetOf } from "#server/storage/image-variants";
import { EMBED_HOSTS } from "#server/http/security";

export const ALLOWED_TAGS = [
  // text blocks
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "pre",
  "code",
  "div",
  "span",
  // inline formatting
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "strike",
  "del",
  "ins",
  "sub",
  "sup",
  "mark",
  "small",
  "abbr",
  "cite",
  "q",
  // lists
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  // links, media
  "a",
  "img",
  "figure",
  "figcaption",
  "iframe",
  // tables
  "table",
  "caption",
  "colgroup",
  "col",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
] as const;

export const ALLOWED_ATTRIBUTES = [
  "href",
  "target",
  "rel",
  "src",
  "alt",
  "title",
  "width",
  "height",
  "id",
  "style",
] as const;

/** The classes the editor itself writes: a code block's language (Tiptap's CodeBlock). */
export const ALLOWED_CLASSES: Record<string, RegExp[]> = {
  code: [/^language-[a-z0-9+#-]{1,30}$/],
  pre: [/^language-[a-z0-9+#-]{1,30}$/],
};

/** Ids from a body never collide with the page's (GitHub's convention). */
export const ID_PREFIX = "user-content-";

const ID = /^[A-Za-z][\w-]{0,63}$/;

/** A body's id, prefixed once (bodies are sanitised on write and again on render); else none. */
function prefixedId(id: string): string | null {
  const bare = id.startsWith(ID_PREFIX) ? id.slice(ID_PREFIX.length) : id;
  return ID.test(bare) ? `${ID_PREFIX}${bare}` : null;
}

function prefixIds(tagName: string, attribs: sanitizeHtml.Attributes) {
  const next = { ...attribs };
  if (next.id !== undefined) {
    const id = prefixedId(next.id);
    if (id) next.id = id;
    else delete next.id;
  }
  // A link to a place in the body follows the prefix.
  if (next.href?.startsWith("#") && next.href.length > 1) {
    const id = prefixedId(decodeURIComponentSafe(next.href.slice(1)));
    if (id) next.href = `#${id}`;
  }
  return { tagName, attribs: next };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Table cells may also span (harmless, and tables need them). */
const CELL_ATTRIBUTES = ["colspan", "rowspan"];

const IFRAME_HOSTNAMES = EMBED_HOSTS.map((origin) => new URL(origin).hostname);

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i;
const LENGTH = /^(0|\d+(\.\d+)?(px|em|rem|%|vw|ch)|auto)$/i;
// No negative spacing: a body must not pull itself over the page around it.
const SPACING = /^((0|\d+(\.\d+)?(px|em|rem|%)|auto)\s*){1,4}$/i;

/** Style properties a body may keep, each with the values it may take. */
export const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: [COLOR],
  "background-color": [COLOR],
  "text-align": [/^(left|right|center|justify|start|end)$/i],
  "text-decoration": [
    /^(none|underline|line-through|overline)( (underline|line-through|overline))*$/i,
  ],
  "font-weight": [/^(normal|bold|bolder|lighter|[1-9]00)$/i],
  "font-style": [/^(normal|italic|oblique)$/i],
  "font-size": [LENGTH, /^(small|medium|large|x-large|xx-large|x-small|smaller|larger)$/i],
  "line-height": [/^(normal|\d+(\.\d+)?(px|em|rem|%)?)$/i],
  "vertical-align": [/^(baseline|top|middle|bottom|sub|super|text-top|text-bottom)$/i],
  width: [LENGTH],
  height: [LENGTH],
  "max-width": [LENGTH],
  margin: [SPACING],
  "margin-left": [SPACING],
  "margin-right": [SPACING],
  padding: [SPACING],
  "padding-left": [SPACING],
  "padding-right": [SPACING],
  float: [/^(left|right|none)$/i],
  "list-style-type": [
    /^(disc|circle|square|decimal|lower-alpha|upper-alpha|lower-roman|upper-roman|none)$/i,
  ],
  "border-collapse": [/^(collapse|separate)$/i],
};

export type SanitizeOptions = {
  /**
   * When set, links to other sites get `utm_source={value}` (docs/product/reading.md#post-page:
   * outbound links carry a utm_source naming the product).
   */
  utmSource?: string;
  /** This site's origin: links to it are not outbound. */
  siteOrigin?: string;
};

/** Adds utm_source to an absolute http(s) URL on another host; anything else is returned as is. */
export function withUtmSource(href: string, utmSource: string, siteOrigin?: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return href;
  if (siteOrigin && url.origin === new URL(siteOrigin).origin) return href;
  if (!url.searchParams.has("utm_source")) url.searchParams.set("utm_source", utmSource);
  return url.toString();
}

/** How wide a body image is drawn: the article column (see post-article.tsx). */
const BODY_IMAGE_SIZES = "(min-width: 1024px) 760px, calc(100vw - 32px)";

/**
 * Images in a body load lazily; the site's own uploads (`name.WxH.webp`,
 * server/storage/image-variants.ts) also get their smaller copies and, unless
 * the author sized them, their width and height.
 */
function bodyImageAttributes(input: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const {
    srcset: _srcset,
    sizes: _sizes,
    decoding: _decoding,
    loading: _loading,
    ...attribs
  } = input;
  const next: sanitizeHtml.Attributes = { ...attribs, loading: "lazy", decoding: "async" };
  const src = attribs.src ?? "";
  const sized = /^(\/(?!\/)|https?:\/\/)/i.test(src) ? parseSizedImage(src) : null;
  if (sized) {
    next.srcset = srcSetOf(src)!;
    next.sizes = BODY_IMAGE_SIZES;
    if (!attribs.width && !attribs.height) {
      next.width = String(sized.width);
      next.height = String(sized.height);
    }
  }
  return next;
}

function config(options: SanitizeOptions): sanitizeHtml.IOptions {
  const attributes = [...ALLOWED_ATTRIBUTES];
  return {
    allowedTags: [...ALLOWED_TAGS],
    allowedClasses: ALLOWED_CLASSES,
    allowedAttributes: {
      "*": attributes,
      td: [...attributes, ...CELL_ATTRIBUTES],
      th: [...attributes, ...CELL_ATTRIBUTES],
      // `loading`, `decoding`, `srcset` and `sizes` are set by the transform below, never
      // taken from the input.
      img: [...attributes, "loading", "decoding", "srcset", "sizes"],
    },
    // No javascript:, data:, vbscript: …; relative URLs (/uploads/…) stay.
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    allowedIframeHostnames: IFRAME_HOSTNAMES,
    allowIframeRelativeUrls: false,
    allowedStyles: { "*": ALLOWED_STYLES },
    // Script and style contents are dropped with their tags, never shown as text.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "title"],
    disallowedTagsMode: "discard",
    transformTags: {
      "*": prefixIds,
      a: (tagName, attribs) => {
        const next = { ...attribs };
        if (next.href && options.utmSource) {
          next.href = withUtmSource(next.href, options.utmSource, options.siteOrigin);
        }
        // A new tab must not get a handle on this page.
        if (next.target === "_blank") next.rel = "noopener noreferrer";
        else if (next.target && next.target !== "_self") delete next.target;
        return { tagName, attribs: next };
      },
      img: (tagName, attribs) => ({ tagName, attribs: bodyImageAttributes(attribs) }),
    },
  };
}

/** The sanitised body (or HTML widget) ready to render. */
export function sanitizePostHtml(
  html: string | null | undefined,
  options: SanitizeOptions = {},
): string {
  if (!html) return "";
  return sanitizeHtml(html, config(options));
}

/** The text of an HTML fragment, whitespace collapsed (descriptions, snippets, reading time). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  // Block ends become spaces, so "<p>a</p><p>b</p>" reads "a b".
  const spaced = html.replace(
    /<\/(p|h[1-6]|li|div|td|th|blockquote|pre|figcaption|tr|dd|dt)>|<br\s*\/?>/gi,
    "$& ",
  );
  return sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ["script", "style", "textarea", "noscript", "title"],
  })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
