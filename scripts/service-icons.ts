/**
 * Draws the demo catalogue's service and tool icons (issue 10) into apps/web/public/icons/services: each icon kind
 * of apps/server/src/db/seed/icons.ts is its Ant Design outlined glyph (@ant-design/icons-svg, MIT; the licence is
 * written beside the files) on a rounded tile of the kind's colours, 48 × 48. The files are committed; run this
 * again after changing the kinds: `node scripts/service-icons.ts` (it needs Debian's Chromium).
 *
 * Each SVG is also drawn by Chromium into a lossless WebP of 144 × 144 (three device pixels per CSS pixel at 48),
 * which is what the seed links: a browser opens every SVG image as a document of its own, 5–20 ms of a laptop's main
 * thread each, and the landing page shows about twenty of them (ADR 0056). The SVGs stay for catalogues seeded
 * before.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ICON_KINDS } from '../apps/server/src/db/seed/icons.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'apps/web/public/icons/services');
const pkg = dirname(createRequire(join(root, 'apps/web/package.json')).resolve('@ant-design/icons-svg/package.json'));

/** The glyph's paths (its viewBox is 64 64 896 896), scaled into the tile's middle 28 × 28. */
function tile(glyph: string, fg: string, bg: string): string {
  const svg = readFileSync(join(pkg, 'inline-svg/outlined', `${glyph}.svg`), 'utf8');
  const paths = [...svg.matchAll(/<path d="([^"]+)"/g)].map((m) => `<path d="${m[1]}"/>`).join('');
  if (!paths) throw new Error(`no path in ${glyph}.svg`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48">` +
    `<rect width="48" height="48" rx="10" fill="${bg}"/>` +
    `<g fill="${fg}" transform="translate(10 10) scale(0.03125) translate(-64 -64)">${paths}</g></svg>\n`
  );
}

mkdirSync(out, { recursive: true });
for (const f of readdirSync(out)) if (/\.(svg|webp)$/.test(f)) rmSync(join(out, f));
for (const [kind, { glyph, fg, bg }] of Object.entries(ICON_KINDS))
  writeFileSync(join(out, `${kind}.svg`), tile(glyph, fg, bg));

/** The WebP of each SVG, drawn by Chromium on a canvas of `RASTER` pixels. */
const RASTER = 144;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  for (const kind of Object.keys(ICON_KINDS)) {
    const svg = readFileSync(join(out, `${kind}.svg`), 'utf8');
    const webp = await page.evaluate(
      async ({ svg, size }) => {
        const img = new Image();
        img.src = `data:image/svg+xml;base64,${btoa(svg)}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = size;
        canvas.getContext('2d')!.drawImage(img, 0, 0, size, size);
        // Quality 1 is WebP's lossless mode in Chromium.
        return canvas.toDataURL('image/webp', 1);
      },
      { svg, size: RASTER },
    );
    if (!webp.startsWith('data:image/webp;base64,')) throw new Error(`Chromium did not write a WebP for ${kind}`);
    writeFileSync(join(out, `${kind}.webp`), Buffer.from(webp.slice(webp.indexOf(',') + 1), 'base64'));
  }
} finally {
  await browser.close();
}
writeFileSync(
  join(out, 'LICENSE.txt'),
  'The glyphs of these icons are from Ant Design Icons (@ant-design/icons-svg), drawn on coloured tiles by\n' +
    'scripts/service-icons.ts.\n\n' +
    readFileSync(join(root, 'node_modules/antd/LICENSE'), 'utf8'),
);
console.log(`${Object.keys(ICON_KINDS).length} icons (SVG and WebP) written to ${out}`);
