// Plain JavaScript on purpose: this file must run on any Node, so that an old one is told what to do instead of
// dying on the first `.ts` import with ERR_UNKNOWN_FILE_EXTENSION. `npm start`, `npm run dev`, `npm run cluster`,
// `npm test` and `npm run tenant` all come through here:
//
//   node scripts/start.mjs [start|dev|cluster|test|tenant] [arguments…]
//
// PORTAL_NODE_VERSION pretends another Node version (for the launcher's own test only).
import { readFileSync } from 'node:fs';

const REQUIRED_MAJOR = 24;
const SCRIPTS = ['start', 'dev', 'cluster', 'test', 'tenant'];

/** The message for a Node that is too old, or null when this one will do. */
export function nodeProblem(version) {
  const major = Number(String(version).replace(/^v/, '').split('.')[0]);
  if (major >= REQUIRED_MAJOR) return null;
  let nvmrc = String(REQUIRED_MAJOR);
  try {
    nvmrc = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim() || nvmrc;
  } catch {
    // No .nvmrc beside the launcher: the required major above is the answer.
  }
  return [
    `Node ${version} is too old: the portal needs Node ${REQUIRED_MAJOR} or newer.`,
    'Get Node 24 in one of these ways:',
    `  - npm install   (the "node" package puts Node ${REQUIRED_MAJOR} into node_modules/.bin through its install script;`,
    '                   package.json allows that script in "allowScripts". If your npm skips install scripts',
    '                   (ignore-scripts=true), run: npm rebuild node --ignore-scripts=false)',
    `  - nvm install && nvm use   (reads .nvmrc: ${nvmrc})`,
    `  - https://nodejs.org/en/download (Node ${REQUIRED_MAJOR} LTS)`,
    'Then run the same command again.',
  ].join('\n');
}

const isMain = process.argv[1] && new URL(import.meta.url).pathname === process.argv[1];
if (isMain) {
  const problem = nodeProblem(process.env.PORTAL_NODE_VERSION || process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const [name = 'start', ...rest] = process.argv.slice(2);
  if (!SCRIPTS.includes(name)) {
    console.error(`Unknown script "${name}"; one of: ${SCRIPTS.join(', ')}.`);
    process.exit(2);
  }
  // The script sees its own arguments, as when it was run directly.
  process.argv = [process.argv[0], new URL(`./${name}.ts`, import.meta.url).pathname, ...rest];
  await import(`./${name}.ts`);
}
