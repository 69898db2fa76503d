/** `npm start`: builds the web app when its sources changed, then runs the server (SQLite under ./data by default). */
import { buildWebIfStale } from './web-build.ts';

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 24) {
  console.error(`Node ${process.versions.node} is too old: the portal needs Node 24 (npm install puts it in node_modules/.bin).`);
  process.exit(1);
}
buildWebIfStale();
await import('../apps/server/src/main.ts');
