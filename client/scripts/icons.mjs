// Draws the installed app's icons (public/icons/*.png) from the favicon's design, in the test browser (Debian's
// Chromium through the server's playwright-core): `node client/scripts/icons.mjs`. Run again when favicon.svg changes;
// the PNGs are committed, so a build needs no browser.
import { readFileSync, mkdirSync } from 'node:fs';
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
mkdirSync(join(client, 'public/icons'), { recursive: true });
for (const { name, size, svg } of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  await page.screenshot({ path: join(client, 'public/icons', name), omitBackground: true });
  await page.close();
}
await browser.close();
