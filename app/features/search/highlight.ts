/** Text split into plain and matching parts, for <mark> (isomorphic, no HTML strings). */
export type Segment = { text: string; match: boolean };

export function highlight(text: string, query: string): Segment[] {
  const q = query.trim().toLowerCase();
  if (!q) return [{ text, match: false }];
  const lower = text.toLowerCase();
  const segments: Segment[] = [];
  let from = 0;
  for (let at = lower.indexOf(q); at !== -1; at = lower.indexOf(q, at + q.length)) {
    if (at > from) segments.push({ text: text.slice(from, at), match: false });
    segments.push({ text: text.slice(at, at + q.length), match: true });
    from = at + q.length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), match: false });
  return segments;
}

/**
 * A window of about `size` characters around the first match, cut at word
 * boundaries, with … where text was left out. Undefined when nothing matches.
 */
export function snippetAround(text: string, query: string, size = 200): string | undefined {
  const q = query.trim().toLowerCase();
  const at = text.toLowerCase().indexOf(q);
  if (!q || at === -1) return undefined;
  const before = Math.floor((size - q.length) / 3);
  let start = Math.max(0, at - before);
  let end = Math.min(text.length, start + size);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < at) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > at + q.length) end = space;
  }
  return `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
}
