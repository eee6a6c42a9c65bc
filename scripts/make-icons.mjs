// Draws the app's icons (web/public/icons) from web/public/favicon.svg with sharp: the sizes a phone
// asks for when the app is installed, plus a "maskable" one whose mark stays inside the safe circle a
// launcher may crop to. Run again after changing the favicon: `node scripts/make-icons.mjs`.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const publicDir = new URL('../web/public/', import.meta.url);
const svg = readFileSync(new URL('favicon.svg', publicDir));
const BACKGROUND = '#7c2d12';

async function plain(size, name) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(`icons/${name}`, publicDir).pathname);
}

// Maskable: full-bleed background, the mark at 60 % so it sits inside the 80 % safe zone.
async function maskable(size, name) {
  const mark = await sharp(svg, { density: (72 * size * 0.6) / 64 })
    .resize(Math.round(size * 0.6))
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: mark, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(new URL(`icons/${name}`, publicDir).pathname);
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await maskable(512, 'icon-maskable-512.png');
// iOS takes a square without transparency and rounds it itself.
await maskable(180, 'apple-touch-icon.png');
