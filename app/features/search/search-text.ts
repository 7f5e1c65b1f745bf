/**
 * The text of a post body as search sees it: the same rules as the database
 * function html_to_search_text (migration 0007) that fills posts.search_text,
 * so a snippet shows the match search found. Block ends and <br> separate
 * words, other tags do not; comments and non-text elements go; common named
 * and all numeric character references are decoded; white space collapses.
 * The result is shown as text (React escapes it), never as HTML.
 */
const NAMED: Record<string, string> = {
  nbsp: " ",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  pound: "£",
  euro: "€",
  times: "×",
  deg: "°",
  shy: "",
  zwj: "",
  zwnj: "",
  eacute: "é",
  egrave: "è",
  agrave: "à",
  uuml: "ü",
  ouml: "ö",
  auml: "ä",
  ccedil: "ç",
  ntilde: "ñ",
};

const BLOCK_END =
  /<\/(?:p|h[1-6]|li|div|td|th|blockquote|pre|figcaption|tr|dd|dt)\s*>|<br\s*\/?>/gi;
const NON_TEXT = /<(script|style|textarea|noscript|title)(?:[\s/][^>]*?)?>[\s\S]*?<\/\1\s*>/gi;

function decode(text: string): string {
  if (!text.includes("&")) return text;
  return text
    .replace(/&([a-z]+);/g, (ref, name: string) =>
      name !== "amp" && name in NAMED ? NAMED[name]! : ref,
    )
    .replace(/&#([0-9]{1,7}|[xX][0-9a-fA-F]{1,6});/g, (ref, value: string) => {
      const code = /^x/i.test(value) ? parseInt(value.slice(1), 16) : Number(value);
      return code >= 1 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : ref;
    })
    .replace(/&amp;/g, "&");
}

export function bodySearchText(html: string | null | undefined): string {
  if (!html) return "";
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(NON_TEXT, " ")
    .replace(BLOCK_END, " ")
    .replace(/<[^>]*>/g, "");
  return decode(text)
    .replace(/[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/g, " ")
    .trim();
}
