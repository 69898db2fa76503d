import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db.ts';
import { createTestDb, testDatabases } from '../../test/test-app.ts';
import { DEMO_TENANT_ID } from './demo.ts';
import { ICON_KINDS, iconKindOf } from './icons.ts';

/** The web app's public folder, where `/icons/services/<kind>.svg` and `.webp` are served from. */
const PUBLIC = fileURLToPath(new URL('../../../../web/public', import.meta.url));
const served = (path: string) => `${PUBLIC}${path}`;

describe('demo catalogue icons (issue 10)', () => {
  it('draws every icon kind as a file the web app serves', () => {
    for (const kind of Object.keys(ICON_KINDS)) {
      const file = served(`/icons/services/${kind}.svg`);
      expect(existsSync(file), kind).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 48 48".*<path d="M/,
      );
    }
  });

  it('draws every kind also as a lossless WebP of 144 × 144, which the seed links (ADR 0056)', () => {
    for (const kind of Object.keys(ICON_KINDS)) {
      const webp = readFileSync(served(`/icons/services/${kind}.webp`));
      // A RIFF container of the WEBP form in its extended layout (VP8X: the canvas's width and height minus one in
      // 24 bits each), holding one lossless (VP8L) image.
      expect(webp.toString('latin1', 0, 4), kind).toBe('RIFF');
      expect(webp.toString('latin1', 8, 16), kind).toBe('WEBPVP8X');
      expect(webp.includes('VP8L', 30, 'latin1'), kind).toBe(true);
      expect(webp.includes('VP8 ', 30, 'latin1'), kind).toBe(false);
      expect([webp.readUIntLE(24, 3) + 1, webp.readUIntLE(27, 3) + 1], kind).toEqual([144, 144]);
    }
  });

  it('gives a name the kind its words call for, and the general kind to a name it does not know', () => {
    expect(iconKindOf('成绩查询')).toBe('grades');
    expect(iconKindOf('成绩单打印')).toBe('print');
    expect(iconKindOf('医保报销')).toBe('insurance');
    expect(iconKindOf('网上报销')).toBe('finance');
    expect(iconKindOf('校园网缴费')).toBe('pay');
    expect(iconKindOf('VPN申请')).toBe('network');
    expect(iconKindOf('班车时刻查询')).toBe('vehicle');
    expect(iconKindOf('某某系统')).toBe('service');
  });
});

describe.each(testDatabases)('the seeded catalogue on %s', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(engine);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('gives every service and tool an icon file of its own kind, not one image for all', async () => {
    const services = await handle.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select(['service_name as name', 'service_icon as icon'])
      .execute();
    const landingTools = await handle.db
      .selectFrom('cygj_tools')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select(['tools_name as name', 'tools_icon as icon'])
      .execute();
    const homeTools = await handle.db
      .selectFrom('wb_tools')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select(['tools_name as name', 'tools_icon as icon'])
      .execute();
    const all = [...services, ...landingTools, ...homeTools];
    expect(services.length).toBeGreaterThan(100);
    expect(landingTools.length).toBeGreaterThan(5);
    expect(homeTools.length).toBeGreaterThan(5);
    for (const { name, icon } of all) {
      expect(icon, name).toMatch(/^\/icons\/services\/[a-z]+\.webp$/);
      expect(existsSync(served(icon)), `${name}: ${icon}`).toBe(true);
    }
    const kinds = new Set(all.map((x) => x.icon));
    expect(kinds.size).toBeGreaterThanOrEqual(30);
    // The general icon is for the few names no kind fits.
    expect(all.filter((x) => x.icon.endsWith('/service.webp')).length).toBeLessThanOrEqual(all.length / 20);
  });
});
