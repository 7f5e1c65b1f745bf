/**
 * A page's title, description and image, from Open Graph, Twitter and the
 * plain tags (metadata.server.ts fetches the page).
 */
export type PageMetadata = { title: string; description: string; image: string };

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  "#39": "'",
  nbsp: " ",
};

function decode(text: string): string {
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z0-9]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000
          ? String.fromCodePoint(code)
          : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(
    /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g,
  )) {
    out[m[1]!.toLowerCase()] = m[3] ?? m[4] ?? m[5] ?? "";
  }
  return out;
}

/** Open Graph first, then Twitter, then the plain tags. */
export function parseMetadata(html: string, base: URL): PageMetadata {
  const head = html.slice(0, 1024 * 1024);
  const meta = new Map<string, string>();
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    const key = (a.property ?? a.name ?? "").toLowerCase();
    if (key && a.content !== undefined && !meta.has(key)) meta.set(key, decode(a.content));
  }
  const titleTag = head.match(/<title\b[^>]*>([\s\S]*?)<\/title>/i)?.[1];
  const pick = (...keys: string[]) => keys.map((k) => meta.get(k)).find((v) => v) ?? "";
  const title = pick("og:title", "twitter:title") || (titleTag ? decode(titleTag) : "");
  const description = pick("og:description", "twitter:description", "description");
  let image = pick(
    "og:image",
    "og:image:url",
    "og:image:secure_url",
    "twitter:image",
    "twitter:image:src",
  );
  if (image) {
    try {
      const resolved = new URL(image, base);
      image =
        resolved.protocol === "http:" || resolved.protocol === "https:" ? resolved.toString() : "";
    } catch {
      image = "";
    }
  }
  return { title: title.slice(0, 300), description: description.slice(0, 1000), image };
}
