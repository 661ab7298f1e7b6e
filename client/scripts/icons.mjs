// Draws the installed app's icons (public/icons/*.png) and public/favicon.ico from the favicon's design, in the test
// browser (Debian's Chromium through the server's playwright-core): `node client/scripts/icons.mjs`. Run again when
// favicon.svg changes; the files are committed, so a build needs no browser.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const client = join(dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(join(client, '../package.json'))('playwright-core');
const favicon = readFileSync(join(client, 'public/favicon.svg'), 'utf8');
// The favicon's rounded square fills "any" icons; a maskable one is cut to a circle or a squircle by the phone, so its
// background fills the whole square and the clock keeps inside the middle 80 % (the safe zone).
const maskable = favicon
  .replace(/<rect[^>]*\/>/, '<rect width="32" height="32" fill="#0D1B41"/>')
  .replace(
    /<svg([^>]*)>(.*)<\/svg>/s,
    '<svg$1><rect width="32" height="32" fill="#0D1B41"/><g transform="translate(4.8 4.8) scale(0.7)">$2</g></svg>',
  );
const icons = [
  { name: 'icon-192.png', size: 192, svg: favicon },
  { name: 'icon-512.png', size: 512, svg: favicon },
  { name: 'maskable-512.png', size: 512, svg: maskable },
  { name: 'apple-touch-icon.png', size: 180, svg: maskable },
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
/** The design drawn `size` pixels square, as PNG. */
async function drawn(svg, size) {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  const png = await page.screenshot({ omitBackground: true });
  await page.close();
  return png;
}

/**
 * An ICO file of PNG images (the format's Vista form, read by every browser): what `/favicon.ico` answers to those that
 * ask for it without reading the page's icon links (bookmarks, feed readers, some crawlers).
 */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon, not a cursor
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry); // 0 means 256
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

mkdirSync(join(client, 'public/icons'), { recursive: true });
for (const { name, size, svg } of icons) writeFileSync(join(client, 'public/icons', name), await drawn(svg, size));
const sizes = [16, 32, 48];
const favicons = [];
for (const size of sizes) favicons.push({ size, png: await drawn(favicon, size) });
writeFileSync(join(client, 'public/favicon.ico'), ico(favicons));
await browser.close();
