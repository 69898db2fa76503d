import { DEFAULT_THEME_COLOR, THEME_OPACITY_VARIANTS } from '@portal/contracts/constants';

/**
 * The theme colour as CSS variables: --theme-color and one variant per opacity of section 3
 * (--theme-color-80 … --theme-color-6).
 */
export function themeVariables(color: string | null | undefined): Record<string, string> {
  const base = normalizeHex(color) ?? DEFAULT_THEME_COLOR;
  const [r, g, b] = hexToRgb(base);
  const vars: Record<string, string> = { '--theme-color': base, '--theme-color-strong': accessibleColor(base) };
  for (const p of THEME_OPACITY_VARIANTS) vars[`--theme-color-${p}`] = `rgba(${r}, ${g}, ${b}, ${p / 100})`;
  return vars;
}

export function applyTheme(color: string | null | undefined, root: HTMLElement = document.documentElement): string {
  const vars = themeVariables(color);
  for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
  return vars['--theme-color']!;
}

export function normalizeHex(color: string | null | undefined): string | null {
  if (!color) return null;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return `#${hex.toLowerCase()}`;
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [luminance(hexToRgb(a)), luminance(hexToRgb(b))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/**
 * The colour used for text on white and for white text on it (buttons, links): the theme colour,
 * darkened just enough to reach the WCAG AA ratio of 4.5:1. The configured theme colour itself stays
 * in --theme-color for backgrounds and decorations.
 */
export function accessibleColor(color: string | null | undefined, min = 4.5): string {
  const base = normalizeHex(color) ?? DEFAULT_THEME_COLOR;
  let [r, g, b] = hexToRgb(base);
  let hex = base;
  for (let i = 0; i < 100 && contrastRatio(hex, '#ffffff') < min; i++) {
    [r, g, b] = [Math.floor(r * 0.96), Math.floor(g * 0.96), Math.floor(b * 0.96)];
    hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  }
  return hex;
}
