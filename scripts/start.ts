/**
 * `npm start`: builds the web app when its sources changed, then runs the server (SQLite under ./data by default).
 * The Node version is checked before this file loads, by scripts/start.mjs.
 */
import { buildWebIfStale } from './web-build.ts';

buildWebIfStale();
await import('../apps/server/src/main.ts');
