/**
 * Draws the web app manifest's PNG icons from public/favicon.svg into public/icons/. The PNGs are
 * committed: run this again only when the favicon changes.
 *
 *   npx tsx scripts/make-icons.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const SOURCE = path.resolve('public/favicon.svg');
const OUT_DIR = path.resolve('public/icons');
/** The favicon's own disc colour: a full-bleed icon's background continues it. */
const MASKABLE_BACKGROUND = '#e6f4f1';
/** A maskable icon may be cropped to a circle of 80% of its width; the drawing stays inside it. */
const MASKABLE_SAFE_ZONE = 0.8;

const svg = readFileSync(SOURCE);
// The SVG is 64 units wide; rendering it at the target density keeps its edges sharp.
const render = (size: number) => sharp(svg, { density: (72 * size) / 64 }).resize(size, size).png();

/** The drawing on a square of the disc's colour, for platforms that crop or round the icon themselves. */
async function fullBleed(size: number) {
  const inner = Math.round(size * MASKABLE_SAFE_ZONE);
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: MASKABLE_BACKGROUND } })
    .composite([{ input: await render(inner).toBuffer(), top: offset, left: offset }])
    .png();
}

async function main() {
  for (const size of [192, 512]) {
    await render(size).toFile(path.join(OUT_DIR, `icon-${size}.png`));
  }
  await (await fullBleed(512)).toFile(path.join(OUT_DIR, 'maskable-512.png'));
  // iOS ignores the manifest's icons and rounds the corners of this one itself.
  await (await fullBleed(180)).toFile(path.join(OUT_DIR, 'apple-touch-icon.png'));
}

await main();
