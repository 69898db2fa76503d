/**
 * Draws the demo catalogue's service and tool icons (issue 10) into apps/web/public/icons/services: each icon kind
 * of apps/server/src/db/seed/icons.ts is its Ant Design outlined glyph (@ant-design/icons-svg, MIT; the licence is
 * written beside the files) on a rounded tile of the kind's colours, 48 × 48. The files are committed; run this
 * again after changing the kinds: `node scripts/service-icons.ts`.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
for (const f of readdirSync(out)) if (f.endsWith('.svg')) rmSync(join(out, f));
for (const [kind, { glyph, fg, bg }] of Object.entries(ICON_KINDS))
  writeFileSync(join(out, `${kind}.svg`), tile(glyph, fg, bg));
writeFileSync(
  join(out, 'LICENSE.txt'),
  'The glyphs of these icons are from Ant Design Icons (@ant-design/icons-svg), drawn on coloured tiles by\n' +
    'scripts/service-icons.ts.\n\n' +
    readFileSync(join(root, 'node_modules/antd/LICENSE'), 'utf8'),
);
console.log(`${Object.keys(ICON_KINDS).length} icons written to ${out}`);
