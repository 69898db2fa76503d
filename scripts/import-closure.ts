import { readFileSync } from 'node:fs';

/**
 * The modules a set of roots reaches by static imports as written, for the tests that keep a start path light (the
 * home page's first script, issue 10; an import's reader thread, issue 13). An `import type` is erased; any other
 * import or re-export, `import { type X }` included, is followed. `target` names the module an import specifier
 * leads to: a file to read and walk, a package name to record without walking, or null to ignore.
 */
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;

/** Every module reached, with the chain of modules that first reached it. */
export function staticClosure(
  roots: string[],
  target: (from: string, specifier: string) => string | null,
): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue: Array<[string, string[]]> = roots.map((r) => [r, [r]]);
  for (let item = queue.shift(); item; item = queue.shift()) {
    const [file, chain] = item;
    if (reached.has(file)) continue;
    reached.set(file, chain);
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const next = target(file, spec!);
      if (next) queue.push([next, [...chain, next]]);
    }
  }
  return reached;
}
