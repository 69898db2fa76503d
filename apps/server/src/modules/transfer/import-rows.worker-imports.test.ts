import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../../../../scripts/import-closure.ts';

/**
 * Issue 13: an import's reader thread (import-rows.worker.ts, ADR 0045) starts on every import, and loading zod and
 * the contracts' schemas was about 400 ms of its 600 ms start. This walks the worker's static imports as written (an
 * `import type` is erased; any other import is followed) and fails if they reach zod, Fastify or its zod provider.
 */
const here = dirname(fileURLToPath(import.meta.url));
const contracts = resolve(here, '../../../../../packages/contracts/src');
const HEAVY = ['zod', 'fastify', 'fastify-type-provider-zod', 'kysely'];

function target(from: string, spec: string): string | null {
  const pkg = HEAVY.find((h) => spec === h || spec.startsWith(`${h}/`));
  if (pkg) return pkg;
  if (spec.startsWith('@portal/contracts/')) return resolve(contracts, `${spec.slice('@portal/contracts/'.length)}.ts`);
  if (spec.startsWith('.')) return resolve(dirname(from), spec);
  return null;
}

describe('the import reader thread (issue 13)', () => {
  it('loads no zod, no Fastify and no schema module', () => {
    const reached = staticClosure([resolve(here, 'import-rows.worker.ts')], target);
    // The reader itself is on the path, with the texts it reports in.
    expect(reached.has(resolve(here, 'xlsx-reader.ts'))).toBe(true);
    expect(reached.has(resolve(contracts, 'transfer-texts.ts'))).toBe(true);
    const heavy = HEAVY.filter((h) => reached.has(h)).map((h) => reached.get(h)!.map((f) => f.split('/src/').pop()));
    expect(heavy).toEqual([]);
  });
});
