import { DEFAULT_THEME_COLOR } from '@portal/contracts/constants';
import type { Theme, ThemeDetail } from '@portal/contracts/workbench';
import type { ThemeState } from '../../../lib/session/session-store.ts';
import { normalizeHex } from '../../../lib/theme/theme.ts';

/** Themes a user may pick for themselves (userThemeSetUp/submit); the tenant's theme stays the default. */
export const THEME_PRESETS = [
  { themeId: 'default', themeName: '默认蓝', themeColor: DEFAULT_THEME_COLOR },
  { themeId: 'red', themeName: '中国红', themeColor: '#c8102e' },
  { themeId: 'green', themeName: '翡翠绿', themeColor: '#00a870' },
  { themeId: 'orange', themeName: '活力橙', themeColor: '#d4561d' },
  { themeId: 'purple', themeName: '典雅紫', themeColor: '#7b3fe4' },
  { themeId: 'navy', themeName: '深海蓝', themeColor: '#1d39c4' },
] as const;
export type ThemePresetId = (typeof THEME_PRESETS)[number]['themeId'];

/** What the dialog offers: follow the tenant's theme, a preset, or a colour of one's own. */
export type ThemeChoice =
  { kind: 'tenant' } | { kind: 'preset'; id: ThemePresetId } | { kind: 'custom'; color: string };

/** The choice that matches what the caller sees now. */
export function currentChoice(detail: Pick<ThemeDetail, 'personal' | 'themeId' | 'themeColor'> | null): ThemeChoice {
  if (!detail?.personal) return { kind: 'tenant' };
  const color = normalizeHex(detail.themeColor);
  const preset = THEME_PRESETS.find((p) => p.themeId === detail.themeId && p.themeColor === color);
  return preset ? { kind: 'preset', id: preset.themeId } : { kind: 'custom', color: color ?? DEFAULT_THEME_COLOR };
}

/** The theme to save for a choice other than 'tenant'; null when a custom colour is not a colour. */
export function themeOfChoice(choice: Exclude<ThemeChoice, { kind: 'tenant' }>): Theme | null {
  const blank = { themeImg: '', themeImgBorderColor: '', WaitingForMeToHandleBCImg: '' };
  if (choice.kind === 'preset') {
    const p = THEME_PRESETS.find((x) => x.themeId === choice.id)!;
    return { ...p, ...blank };
  }
  const color = normalizeHex(choice.color);
  return color ? { themeName: '自定义', themeId: 'custom', themeColor: color, ...blank } : null;
}

/** The colour a choice shows, for the swatch preview. */
export function colorOfChoice(choice: ThemeChoice, tenantColor: string | undefined): string | null {
  if (choice.kind === 'tenant') return normalizeHex(tenantColor) ?? DEFAULT_THEME_COLOR;
  return themeOfChoice(choice)?.themeColor ?? null;
}

/**
 * Whether a loaded theme must be written to the (persisted) session store: only when the colour shown,
 * whether it is the user's own, or the tenant colour logout falls back to would change.
 */
export function themeNeedsUpdate(current: ThemeState | null, next: ThemeDetail): boolean {
  const shown = normalizeHex(current?.themeColor) ?? DEFAULT_THEME_COLOR;
  if (normalizeHex(next.themeColor) !== shown) return true;
  if (Boolean(current?.personal) !== next.personal) return true;
  return next.personal && normalizeHex(current?.tenant?.themeColor) !== normalizeHex(next.tenant.themeColor);
}
