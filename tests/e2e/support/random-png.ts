import { randomBytes } from "node:crypto";
import sharp from "sharp";

/**
 * A real PNG of random pixels: it does not compress, so 800×800 is about
 * 1.9 MB — a photo-sized upload, well past the 512 KB cap of text forms.
 */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
