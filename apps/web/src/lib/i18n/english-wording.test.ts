import { describe, expect, it } from 'vitest';

/** Every en-US text of the web app, by its dotted key (the shell's texts and every feature's). */
const bundles = import.meta.glob<Record<string, unknown>>(['./en-US.ts', '../../features/**/*en-US.ts'], {
  eager: true,
});

function flatten(value: unknown, key: string, into: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') into.set(key, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, key ? `${key}.${k}` : k, into);
  return into;
}

const english = new Map<string, string>();
for (const module of Object.values(bundles)) for (const bundle of Object.values(module)) flatten(bundle, '', english);

describe('the English texts read naturally (an exchange student on a phone)', () => {
  it('were all found', () => {
    expect(english.get('services.processTitle')).toBe('Process service center');
    expect(english.size).toBeGreaterThan(500);
  });

  it('count a total as "N in total", never "N in all" (共 N 项 / 共 N 条)', () => {
    const inAll = [...english].filter(([, text]) => /\bin all\b/i.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(inAll).toEqual([]);
    expect(english.get('services.total')).toBe('{{total}} in total');
    expect(english.get('assistant.robot.progressStats')).toMatch(/^\{\{total\}\} in total: /);
  });

  it('name 办事服务中心 and 应用服务中心 in the favourites prompt as their pages are titled, not "flow" or "apply" center', () => {
    expect(english.get('workbench.flowCenter')).toBe(english.get('services.processTitle')!.toLowerCase());
    expect(english.get('workbench.applyCenter')).toBe(english.get('services.applicationTitle')!.toLowerCase());
    const odd = [...english].filter(([, text]) => /\b(flow|apply) service center/i.test(text));
    expect(odd).toEqual([]);
  });
});
