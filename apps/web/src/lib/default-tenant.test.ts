import { afterEach, describe, expect, it } from 'vitest';
import { defaultTenant, setDefaultTenant } from './default-tenant.ts';

/** The page as the server sends it with DEFAULT_TENANT set (apps/server/src/platform/web.ts). */
function named(content: string): void {
  const meta = document.createElement('meta');
  meta.name = 'portal-tenant';
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="portal-tenant"]').forEach((m) => m.remove());
  setDefaultTenant(undefined);
});

describe('the tenant of an address that names none (DEFAULT_TENANT)', () => {
  it('is the one the page names, else the demo tenant', () => {
    expect(defaultTenant()).toBe('000000');
    named('100001');
    expect(defaultTenant()).toBe('100001');
  });

  it('is the demo tenant when what the page names is not a tenant id', () => {
    for (const content of ['', '100 001', '1000010000001', '"><script>', '租户']) {
      named(content);
      expect([content, defaultTenant()]).toEqual([content, '000000']);
      document.head.querySelector('meta[name="portal-tenant"]')!.remove();
    }
  });

  it("is the one the server's first screen is painted for, on the server", () => {
    named('100001');
    setDefaultTenant('300003');
    expect(defaultTenant()).toBe('300003');
    setDefaultTenant(undefined);
    expect(defaultTenant()).toBe('100001');
  });
});
