import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const dist = join(web, 'dist/index.html');

function newest(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** Builds apps/web into apps/web/dist unless the build is newer than every source it comes from. */
export function buildWebIfStale(): void {
  const sources = [
    join(web, 'src'),
    join(web, 'index.html'),
    join(web, 'public'),
    join(web, 'vite.config.ts'),
    join(root, 'packages/contracts/src'),
  ];
  const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
  if (built && sources.every((s) => !existsSync(s) || newest(s) <= built)) return;
  console.log('Building the web app (apps/web → apps/web/dist)…');
  const res = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: web, stdio: 'inherit' },
  );
  if (res.status !== 0) throw new Error('web build failed');
}
