/**
 * The site's accent colour, checked before it is saved (docs/decisions/0262): a hex colour
 * (#rgb or #rrggbb) that white text on it (a primary button) and it as text on white (a link)
 * can both be read with: a contrast ratio of at least 4.5:1 against white (WCAG 2.2, 1.4.3).
 */

export const ACCENT_MIN_CONTRAST = 4.5;

export const ACCENT_MESSAGES = {
  notHex: "Enter the accent colour as a hex colour, such as #1e40af",
  tooLight: (ratio: number) =>
    `This accent colour is too light: its contrast against white is ${ratio.toFixed(2)}:1, and it needs at least ${ACCENT_MIN_CONTRAST}:1. Choose a darker colour.`,
} as const;

/** "#abc" or "#AABBCC" as "#aabbcc"; null for anything else. */
export function normaliseHex(value: string): string | null {
  const hex = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^#[0-9a-f]{3}$/.test(hex)) return `#${[...hex.slice(1)].map((c) => c + c).join("")}`;
  return null;
}

/** WCAG relative luminance of "#rrggbb". */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of "#rrggbb" against white, 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** The colour to save ("#rrggbb"), or the message saying why not. */
export function checkAccentColour(
  value: string,
): { ok: true; colour: string } | { ok: false; error: string } {
  const colour = normaliseHex(value);
  if (!colour) return { ok: false, error: ACCENT_MESSAGES.notHex };
  const ratio = contrastWithWhite(colour);
  // Compare the ratio as the message writes it, so that a refusal never says "4.50:1".
  if (Math.floor(ratio * 100) / 100 < ACCENT_MIN_CONTRAST)
    return { ok: false, error: ACCENT_MESSAGES.tooLight(Math.floor(ratio * 100) / 100) };
  return { ok: true, colour };
}
