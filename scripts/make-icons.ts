import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/**
 * The web app manifest's PNG icons, drawn from packages/web/public/favicon.svg
 * by Debian's Chromium (never a downloaded browser). Run once after the logo
 * changes and commit the PNGs: `npx tsx scripts/make-icons.ts`.
 *
 * - icon-192.png, icon-512.png: the favicon as it is (rounded blue square).
 * - icon-maskable-512.png: a full-bleed square for launchers that cut their own
 *   shape; the glider is scaled into the middle 60 %, inside the 80 % safe zone.
 */
const PUBLIC_DIR = fileURLToPath(new URL('../packages/web/public/', import.meta.url));
const CHROMIUM_PATH = '/usr/bin/chromium';

const favicon = readFileSync(`${PUBLIC_DIR}favicon.svg`, 'utf8');
/** The favicon's blue and its glider path, so the maskable icon follows a change of logo. */
const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
const glider = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!background || !glider)
  throw new Error('favicon.svg no longer has one <rect fill> and one <path>: update make-icons.ts');

const maskable =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" ` +
  `fill="${background}"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)">${glider}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`,
    );
    await page.screenshot({
      path: `${PUBLIC_DIR}${icon.file}`,
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    await page.close();
    console.log(`packages/web/public/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
