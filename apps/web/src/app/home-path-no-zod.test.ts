import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../../../scripts/import-closure.ts';

/**
 * Issue 10, ADR 0050: the first script of /home/homePage (the entry, the shell and the home route, with what they
 * import statically) loads no zod and builds no schema. This walks their import statements as written (an
 * `import type` is erased; any other import, `import { type X }` included, is followed), so a value import of a
 * schema module on that path fails here before it reaches the bundle.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contracts = resolve(src, '../../../packages/contracts/src');

/** The module an import names, or null for a package other than zod and dayjs (not walked). */
function target(from: string, spec: string): string | null {
  if (spec === 'zod' || spec.startsWith('zod/')) return 'zod';
  if (spec === 'dayjs' || spec.startsWith('dayjs/')) return 'dayjs';
  if (spec.startsWith('@portal/contracts/')) return resolve(contracts, `${spec.slice('@portal/contracts/'.length)}.ts`);
  if (spec.startsWith('.')) return resolve(dirname(from), spec);
  return null;
}

describe('the home page’s first script (issue 10)', () => {
  it('imports no zod and no schema module from the entry, the /home shell or the home route', () => {
    const reached = staticClosure(
      ['app/main.tsx', 'app/shell.tsx', 'app/routes/home-page.tsx'].map((f) => resolve(src, f)),
      target,
    );
    expect(reached.size).toBeGreaterThan(100);
    // The shell's own parts are on the path …
    expect(reached.has(resolve(src, 'features/workbench/components/shell-navigation.tsx'))).toBe(true);
    // … the chat client is not: it is a part the shell asks for once it has rendered (issue 10) …
    expect(reached.has(resolve(src, 'features/chat/lib/chat-client.ts'))).toBe(false);
    expect(reached.has(resolve(src, 'app/chat-composition.tsx'))).toBe(false);
    // … nor any en-US text, a part of its own loaded only for an English interface (ADR 0055).
    expect([...reached.keys()].filter((f) => f.endsWith('en-US.ts'))).toEqual([]);
    const chain = reached.get('zod');
    expect(chain?.map((f) => f.replace(`${resolve(src, '../../..')}/`, '')) ?? null).toBeNull();
  });

  it('holds no date library, no page’s prefetch and none of the chat’s texts (ADR 0077)', () => {
    const reached = staticClosure(
      ['app/main.tsx', 'app/shell.tsx', 'app/routes/home-page.tsx', 'app/chat-composition.tsx'].map((f) =>
        resolve(src, f),
      ),
      target,
    );
    // The chat's runtime, entry and notice prompt come after the shell's first render, and with it on every page.
    expect(reached.has(resolve(src, 'features/chat/lib/chat-client.ts'))).toBe(true);
    const shown = (f: string) => reached.get(f)?.map((g) => g.replace(`${resolve(src, '../../..')}/`, '')) ?? null;
    // The tenant's day, hour and dates on the first screen come from the platform's Intl data (lib/tenant-clock.ts).
    expect(shown('dayjs')).toBeNull();
    expect(shown(resolve(src, 'lib/time-zone.ts'))).toBeNull();
    // `/`'s and `/login`'s calls start from modules of their own, preloaded for those paths only.
    expect(shown(resolve(src, 'features/services/api/prefetch-landing.ts'))).toBeNull();
    expect(shown(resolve(src, 'features/auth/api/prefetch-login.ts'))).toBeNull();
    // The chat's refusals and group checks are the panel's.
    expect(shown(resolve(contracts, 'chat-texts.ts'))).toBeNull();
  });
});
