import { describe, expect, it } from 'vitest';
import { applyTheme, normalizeHex, themeVariables } from './theme.ts';

describe('theme colour variables (section 3)', () => {
  it('falls back to the product default #008cff', () => {
    expect(themeVariables(undefined)['--theme-color']).toBe('#008cff');
    expect(themeVariables('not a colour')['--theme-color']).toBe('#008cff');
  });

  it('derives the 80, 30, 15, 10, 8 and 6 percent variants', () => {
    const vars = themeVariables('#087EEB');
    expect(vars['--theme-color']).toBe('#087eeb');
    expect(vars['--theme-color-80']).toBe('rgba(8, 126, 235, 0.8)');
    expect(vars['--theme-color-30']).toBe('rgba(8, 126, 235, 0.3)');
    expect(vars['--theme-color-6']).toBe('rgba(8, 126, 235, 0.06)');
    expect(Object.keys(vars)).toHaveLength(8);
    expect(vars['--theme-color-strong']).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('writes the variables on the root element', () => {
    const el = document.createElement('div');
    applyTheme('#f00', el);
    expect(el.style.getPropertyValue('--theme-color')).toBe('#ff0000');
    expect(el.style.getPropertyValue('--theme-color-10')).toBe('rgba(255, 0, 0, 0.1)');
  });

  it('normalises short and long hex', () => {
    expect(normalizeHex('ABC')).toBe('#aabbcc');
    expect(normalizeHex('#123456')).toBe('#123456');
    expect(normalizeHex('#12345')).toBeNull();
  });
});

describe('accessible theme colour', () => {
  it('darkens the default #008cff until white text on it reaches 4.5:1, and keeps a dark colour as it is', async () => {
    const { accessibleColor, contrastRatio } = await import('./theme.ts');
    const c = accessibleColor('#008cff');
    expect(contrastRatio(c, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(accessibleColor('#008cff'), '#ffffff')).toBeLessThan(4.8);
    expect(accessibleColor('#003366')).toBe('#003366');
  });
});
