import { describe, expect, it } from 'vitest';
import { formatCount, formatHeat, popupSize } from './constants.ts';
import { configMenuNameOf, isRouteAllowedByMenu } from './routes.ts';

describe('section 9 rules', () => {
  it('sizes the 1002 popup by the page size', () => {
    expect(popupSize(1920, 1080)).toEqual({ width: 1200, height: 850 });
    expect(popupSize(1366, 768)).toEqual({ width: 860, height: 538 });
    expect(popupSize(1367, 900)).toEqual({ width: 1200, height: 670 });
    expect(popupSize(1280, 1079)).toEqual({ width: 860, height: 670 });
  });

  it('caps counts at 99+ and heat at 9999999+', () => {
    expect(formatCount(99)).toBe('99');
    expect(formatCount(100)).toBe('99+');
    expect(formatHeat(9_999_999)).toBe('9999999');
    expect(formatHeat(10_000_000)).toBe('9999999+');
  });
});

describe('2.2 configuration-menu guard', () => {
  const menus = [{ name: 'homePageConfig', path: '/home/userFrameConfig/homePageConfig' }];

  it('lets routes without a configuration menu through', () => {
    expect(configMenuNameOf('/home/homePage')).toBeNull();
    expect(isRouteAllowedByMenu('/home/homePage', [])).toBe(true);
  });

  it('requires the path or name for userFrameConfig and cardBusinessConfig', () => {
    expect(isRouteAllowedByMenu('/home/userFrameConfig/homePageConfig', menus)).toBe(true);
    expect(isRouteAllowedByMenu('/home/userFrameConfig/homePageConfig/', menus)).toBe(true);
    expect(isRouteAllowedByMenu('/home/userFrameConfig/preLoginConfig', menus)).toBe(false);
    expect(isRouteAllowedByMenu('/home/cardBusinessConfig', menus)).toBe(false);
    expect(isRouteAllowedByMenu('/home/cardBusinessConfig', [{ path: 'cardBusinessConfig' }])).toBe(true);
    expect(isRouteAllowedByMenu('/home/userFrameConfig/addNavigation', [{ name: 'addNavigation', path: '/x' }])).toBe(
      true,
    );
  });

  it('requires its menu for every page of the configuration menu (a student opened 办事指南配置 by its address)', () => {
    // 部门职责清单配置 is read-only for those without it (the page says so), not refused.
    expect(configMenuNameOf('/home/deptResponsibilityListConfig')).toBeNull();
    for (const page of ['managementGuideConfig', 'cardBusinessConfig', 'userDeptConfig', 'configAuditLog']) {
      expect(configMenuNameOf(`/home/${page}`)).toBe(page);
      expect(isRouteAllowedByMenu(`/home/${page}`, []), page).toBe(false);
      expect(isRouteAllowedByMenu(`/home/${page}`, [{ name: page, path: `/home/${page}` }]), page).toBe(true);
    }
  });
});
