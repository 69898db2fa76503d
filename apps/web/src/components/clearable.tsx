import { CloseCircleFilled } from '@ant-design/icons';
import type { TFunction } from '../lib/i18n/i18n.ts';

/**
 * An `allowClear` for Ant Design's Input, Select and pickers whose clear button is named in the interface's language
 * (清除 / Clear): Ant Design names an Input's by its icon ("close-circle") and a Select's "Clear", in English whatever
 * the language. Use `allowClear={clearable(t)}` instead of a bare `allowClear` (lint enforces it).
 */
export function clearable(t: TFunction): { clearIcon: React.ReactNode; label: string } {
  const name = t('searchInput.clear');
  return { clearIcon: <CloseCircleFilled aria-label={name} />, label: name };
}
