/**
 * Writes the site's icons into public/ from one drawing (the favicon.svg's):
 * favicon.ico (16, 32 and 48 px, PNG inside), apple-touch-icon.png (180 px),
 * icon-192.png and icon-512.png for the web app manifest, and
 * icon-maskable-512.png (the mark inside the safe zone, full-bleed colour), and
 * podcast-artwork-1400.png (the podcast feed's default artwork).
 * Run once after changing the drawing: `npx tsx scripts/make-icons.ts`; the
 * files are committed (tests/e2e/http.spec.ts checks what is served).
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const BRAND = "#1e40af";

/** The mark: "FB" on the brand colour; `inset` shrinks it into a maskable icon's safe zone. */
function drawing(size: number, { rounded = true, inset = 0 } = {}) {
  const mark = size * (1 - 2 * inset);
  const font = Math.round(mark * 0.44);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
      `<rect width="${size}" height="${size}" rx="${rounded ? size * 0.1875 : 0}" fill="${BRAND}"/>` +
      `<text x="${size / 2}" y="${size / 2 + font * 0.36}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${font}" font-weight="700" fill="#fff" text-anchor="middle">FB</text>` +
      `</svg>`,
  );
}

const png = (size: number, options?: Parameters<typeof drawing>[1]) =>
  sharp(drawing(size, options)).png({ compressionLevel: 9 }).toBuffer();

/** An ICO file holding PNG images (every browser since 2007 reads them). */
export function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

async function main() {
  const out = (name: string) => path.resolve("public", name);
  const sizes = [16, 32, 48];
  const small = await Promise.all(sizes.map(async (size) => ({ size, data: await png(size) })));
  await writeFile(out("favicon.ico"), ico(small));
  await writeFile(out("apple-touch-icon.png"), await png(180, { rounded: false }));
  await writeFile(out("icon-192.png"), await png(192));
  await writeFile(out("icon-512.png"), await png(512));
  await writeFile(out("icon-maskable-512.png"), await png(512, { rounded: false, inset: 0.1 }));
  // The podcast feed's artwork when site settings give none: Apple asks for a square of 1400 to 3000 px.
  await writeFile(out("podcast-artwork-1400.png"), await png(1400, { rounded: false }));
  console.log(
    "wrote public/favicon.ico, apple-touch-icon.png, icon-192/512.png, icon-maskable-512.png, podcast-artwork-1400.png",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
