import type { ThemeDetail } from '@portal/contracts/workbench';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { colorOfChoice, currentChoice, themeNeedsUpdate, themeOfChoice, THEME_PRESETS } from './user-theme.ts';

const theme = (themeColor: string, extra: Partial<ThemeDetail> = {}): ThemeDetail => {
  const tenant = {
    themeName: '学校',
    themeId: 'school',
    themeColor: '#1d39c4',
    themeImg: '',
    themeImgBorderColor: '',
    WaitingForMeToHandleBCImg: '',
  };
  return { ...tenant, themeName: 'x', themeId: 'x', themeColor, personal: false, tenant, ...extra };
};

describe('a user theme of their own', () => {
  afterEach(() => sessionStore.getState().logoutClear());

  it('offers the tenant theme as the default and recognises presets and custom colours', () => {
    expect(currentChoice(null)).toEqual({ kind: 'tenant' });
    expect(currentChoice({ personal: false, themeId: 'red', themeColor: '#c8102e' })).toEqual({ kind: 'tenant' });
    expect(currentChoice({ personal: true, themeId: 'red', themeColor: '#C8102E' })).toEqual({
      kind: 'preset',
      id: 'red',
    });
    expect(currentChoice({ personal: true, themeId: 'custom', themeColor: '#123456' })).toEqual({
      kind: 'custom',
      color: '#123456',
    });
    expect(THEME_PRESETS[0]).toMatchObject({ themeId: 'default', themeColor: '#008cff' });
  });

  it('builds the theme to save, refusing a custom value that is not a colour', () => {
    expect(themeOfChoice({ kind: 'preset', id: 'green' })).toMatchObject({
      themeId: 'green',
      themeName: '翡翠绿',
      themeColor: '#00a870',
    });
    expect(themeOfChoice({ kind: 'custom', color: '#ABC' })).toMatchObject({
      themeId: 'custom',
      themeColor: '#aabbcc',
    });
    expect(themeOfChoice({ kind: 'custom', color: 'red' })).toBeNull();
    expect(colorOfChoice({ kind: 'tenant' }, '#1D39C4')).toBe('#1d39c4');
    expect(colorOfChoice({ kind: 'tenant' }, undefined)).toBe('#008cff');
    expect(colorOfChoice({ kind: 'custom', color: 'nope' }, '#1d39c4')).toBeNull();
  });

  it('writes the session store only when the colour shown, ownership or the tenant colour changes', () => {
    expect(themeNeedsUpdate(null, theme('#008cff'))).toBe(false);
    expect(themeNeedsUpdate(null, theme('#1d39c4'))).toBe(true);
    expect(themeNeedsUpdate({ themeColor: '#1d39c4' }, theme('#1d39c4'))).toBe(false);
    expect(themeNeedsUpdate({ themeColor: '#c8102e' }, theme('#c8102e', { personal: true }))).toBe(true);
    const own = theme('#c8102e', { personal: true });
    expect(themeNeedsUpdate(own, own)).toBe(false);
    expect(themeNeedsUpdate(own, { ...own, tenant: { ...own.tenant, themeColor: '#00a870' } })).toBe(true);
  });

  it("leaves with the user on logout: the login page keeps the tenant's colour", () => {
    sessionStore.getState().setTheme(theme('#c8102e', { personal: true }));
    sessionStore.getState().logoutClear();
    expect(sessionStore.getState().theme?.themeColor).toBe('#1d39c4');
    sessionStore.getState().setTheme(theme('#1d39c4'));
    sessionStore.getState().logoutClear();
    expect(sessionStore.getState().theme?.themeColor).toBe('#1d39c4');
  });
});
