import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { TFunction } from '../lib/i18n/i18n.ts';

type ItemType = 'page' | 'prev' | 'next' | 'jump-prev' | 'jump-next';

/**
 * Names Ant Design's pagination arrows in the interface's language (上一页 / Previous page, 向前 5 页 / Previous 5
 * pages). Ant Design names them by their icons, in English whatever the language ("left", "right", "double-left
 * ellipsis"); its ConfigProvider cannot set `itemRender` for every pagination, so each one spreads this:
 * `pagination={{ ...pagerNames(t), … }}` and `<Pagination {...pagerNames(t)} … />` (lint enforces it).
 */
export function pagerNames(t: TFunction): {
  itemRender: (page: number, type: ItemType, element: ReactNode) => ReactNode;
} {
  const names: Partial<Record<ItemType, string>> = {
    prev: t('pager.prev'),
    next: t('pager.next'),
    'jump-prev': t('pager.jumpPrev'),
    'jump-next': t('pager.jumpNext'),
  };
  return {
    itemRender: (_page, type, element) => {
      const name = names[type];
      if (!name || !isValidElement(element)) return element;
      // prev/next are buttons already; the jumps are anchors without an address, so they get a button's role.
      const role = type === 'prev' || type === 'next' ? undefined : 'button';
      return cloneElement(element as ReactElement<{ 'aria-label'?: string; role?: string }>, {
        'aria-label': name,
        ...(role ? { role } : {}),
      });
    },
  };
}
