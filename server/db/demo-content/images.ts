/**
 * Demo images drawn locally: an SVG (gradient, shapes, text) rendered to WebP
 * by sharp. Nothing is downloaded, and the same input gives the same picture.
 */
import sharp from "sharp";

export type Palette = readonly [from: string, to: string];

export const CATEGORY_PALETTES: Record<string, Palette> = {
  news: ["#0f2a4a", "#1f6feb"],
  guides: ["#0b3d2e", "#2e9e6a"],
  amas: ["#3b1d5a", "#8e44ad"],
  podcast: ["#4a1c1c", "#e4572e"],
  "startup-story": ["#5a3b00", "#e09200"],
  events: ["#0b3954", "#087e8b"],
  uncategorized: ["#2b2d42", "#6c7a96"],
};

const PORTRAIT_PALETTES: Palette[] = [
  ["#1f6feb", "#8e44ad"],
  ["#e4572e", "#e09200"],
  ["#087e8b", "#2e9e6a"],
  ["#3b1d5a", "#e4572e"],
];

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Greedy word wrap by character count (the font is not measured; close enough for a banner). */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.:;–—-]+$/, "")}…`;
  return kept;
}

function gradient(id: string, [from, to]: Palette): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

async function toWebp(svg: string): Promise<Uint8Array> {
  // Effort 2 gives the same size as the default (4) on these flat images, in about half the time.
  const buffer = await sharp(Buffer.from(svg))
    .removeAlpha()
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
  return new Uint8Array(buffer);
}

/** A 1200x630 featured image (the spec's structured-data image size). */
export function renderFeaturedImage(options: {
  title: string;
  label: string;
  palette: Palette;
  siteName: string;
}): Promise<Uint8Array> {
  // DejaVu Sans Bold averages about 0.64 em per character; the text block is 1040 px wide.
  const charsAt = (size: number) => Math.floor(1040 / (size * 0.64));
  const fontSize = wrapText(options.title, charsAt(64), 4).length <= 3 ? 64 : 52;
  const lines = wrapText(options.title, charsAt(fontSize), 4);
  const lineHeight = Math.round(fontSize * 1.2);
  const top = 315 - ((lines.length - 1) * lineHeight) / 2 + fontSize / 3;
  const label = escapeXml(options.label.toUpperCase());
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>${gradient("bg", options.palette)}</defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1080" cy="90" r="260" fill="#ffffff" fill-opacity="0.07"/>
  <circle cx="140" cy="620" r="200" fill="#ffffff" fill-opacity="0.05"/>
  <path d="M80 560 Q600 420 1120 560" stroke="#ffffff" stroke-opacity="0.25" stroke-width="6" fill="none"/>
  <rect x="80" y="64" rx="22" width="${label.length * 15 + 48}" height="44" fill="#ffffff" fill-opacity="0.18"/>
  <text x="104" y="95" font-family="${FONT}" font-size="22" font-weight="700" letter-spacing="2" fill="#ffffff">${label}</text>
  ${lines
    .map(
      (line, i) =>
        `<text x="80" y="${top + i * lineHeight}" font-family="${FONT}" font-size="${fontSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("\n  ")}
  <text x="80" y="600" font-family="${FONT}" font-size="26" font-weight="700" fill="#ffffff" fill-opacity="0.85">${escapeXml(options.siteName)}</text>
</svg>`;
  return toWebp(svg);
}

/** A 500x500 portrait with initials (the spec's profile photo size). */
export function renderPortrait(options: { name: string; index: number }): Promise<Uint8Array> {
  const initials = options.name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  const palette = PORTRAIT_PALETTES[options.index % PORTRAIT_PALETTES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="0 0 500 500">
  <defs>${gradient("bg", palette)}</defs>
  <rect width="500" height="500" fill="url(#bg)"/>
  <circle cx="250" cy="250" r="190" fill="#ffffff" fill-opacity="0.12"/>
  <text x="250" y="250" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="170" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
  return toWebp(svg);
}

/** A 600x500 sidebar advert (rendered at twice the usual 300x250 for sharp screens). */
export function renderBanner(options: {
  heading: string;
  body: string;
  cta: string;
  palette: Palette;
}): Promise<Uint8Array> {
  const heading = wrapText(options.heading, 18, 2);
  const body = wrapText(options.body, 34, 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="500" viewBox="0 0 600 500">
  <defs>${gradient("bg", options.palette)}</defs>
  <rect width="600" height="500" fill="url(#bg)"/>
  <circle cx="540" cy="60" r="140" fill="#ffffff" fill-opacity="0.08"/>
  ${heading
    .map(
      (line, i) =>
        `<text x="48" y="${110 + i * 60}" font-family="${FONT}" font-size="48" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("\n  ")}
  ${body
    .map(
      (line, i) =>
        `<text x="48" y="${260 + i * 36}" font-family="${FONT}" font-size="26" fill="#ffffff" fill-opacity="0.9">${escapeXml(line)}</text>`,
    )
    .join("\n  ")}
  <rect x="48" y="390" rx="30" width="${options.cta.length * 16 + 64}" height="60" fill="#ffffff"/>
  <text x="80" y="429" font-family="${FONT}" font-size="26" font-weight="700" fill="${options.palette[0]}">${escapeXml(options.cta)}</text>
</svg>`;
  return toWebp(svg);
}
