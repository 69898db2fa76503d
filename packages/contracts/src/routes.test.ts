import { describe, expect, it } from 'vitest';
import { CONFIGURATION_MENUS, isConfigurationPage } from './routes.ts';

describe('configuration pages (2.2)', () => {
  it('knows every page of the configuration menus, with or without a trailing slash, and nothing else', () => {
    for (const m of CONFIGURATION_MENUS) {
      expect(isConfigurationPage(m.path), m.path).toBe(true);
      expect(isConfigurationPage(`${m.path}/`), m.path).toBe(true);
    }
    for (const path of ['/home/homePage', '/home/serviceHall', '/home/threelists', '/home/PersonalCenter', '/'])
      expect(isConfigurationPage(path), path).toBe(false);
  });
});
