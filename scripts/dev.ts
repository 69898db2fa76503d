/**
 * `npm run dev`: the server on PORT (8080) and the Vite dev server on 5173 with /api (and the chat socket)
 * proxied to it. Stops both on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const server = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? join(root, '.no-web-dist') },
});
const vite = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], {
  cwd: join(root, 'apps/web'),
  stdio: 'inherit',
});
const stop = () => {
  server.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of [server, vite])
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
