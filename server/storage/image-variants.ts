/**
 * Responsive image files, named so that no database column is needed: the
 * stored image's address carries its size, and each smaller copy sits beside
 * it under a predictable name.
 *
 *   posts/u1/1767000000000-ab12cd34.1600x900.webp        the image itself
 *   posts/u1/1767000000000-ab12cd34.1600x900.320w.webp   320 px wide copy
 *   posts/u1/1767000000000-ab12cd34.1600x900.640w.webp   …
 *
 * A copy exists for every width of RESPONSIVE_WIDTHS narrower than the image
 * (see server/storage/responsive-images.ts, which writes them). Isomorphic:
 * the image component reads addresses with it, the upload code names keys.
 */

/** Widths of the smaller copies, in pixels (small ones serve avatars and thumbnails). */
export const RESPONSIVE_WIDTHS = [96, 160, 320, 640, 960, 1280, 1920] as const;

/** `name.WIDTHxHEIGHT.webp` at the end of a key or address (before any query). */
const SIZED_NAME = /\.([1-9]\d{0,4})x([1-9]\d{0,4})\.webp$/;

/** The key of an image of the given size: `base.WxH.webp`. */
export function sizedImageKey(base: string, width: number, height: number): string {
  return `${base}.${Math.round(width)}x${Math.round(height)}.webp`;
}

/** The key or address of the `width`-pixel copy of a sized image. */
export function variantOf(sized: string, width: number): string {
  return sized.replace(/\.webp(?=$|[?#])/, `.${width}w.webp`);
}

/** Widths of the copies that exist for an image `width` pixels wide. */
export function variantWidths(width: number): number[] {
  return RESPONSIVE_WIDTHS.filter((w) => w < width);
}

export type SizedImage = {
  width: number;
  height: number;
  /** Every copy including the image itself, narrowest first. */
  candidates: { url: string; width: number }[];
};

/**
 * Reads the size and the copies from an image address written by the upload
 * code; null for any other address (external images, older uploads).
 */
export function parseSizedImage(url: string | null | undefined): SizedImage | null {
  if (!url) return null;
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  const match = SIZED_NAME.exec(path);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return {
    width,
    height,
    candidates: [
      ...variantWidths(width).map((w) => ({ url: variantOf(path, w), width: w })),
      { url: path, width },
    ],
  };
}

/** `srcset` for a sized image address, or undefined for any other. */
export function srcSetOf(url: string | null | undefined): string | undefined {
  const sized = parseSizedImage(url);
  if (!sized) return undefined;
  return sized.candidates.map((c) => `${c.url} ${c.width}w`).join(", ");
}
