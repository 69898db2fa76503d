import { Table, type TableProps, type TableRef } from 'antd';
import { useEffect, useRef } from 'react';

/** What scrolls sideways inside a table: its wrapper (narrow screens, antd.css), or the scroller of `scroll.x`/`y`. */
const SCROLLERS = '.ant-table-content, .ant-table-body';
const MARK = 'data-scroll-region';

const scrollsSideways = (el: HTMLElement) =>
  el.scrollWidth > el.clientWidth + 1 && /^(auto|scroll)$/.test(getComputedStyle(el).overflowX);

/**
 * Makes the part of a table that scrolls sideways reachable by keyboard: while (and only while) it scrolls, it is a
 * Tab stop (the arrow keys scroll it) and a region named by the table's title (axe: scrollable-region-focusable). A
 * table that fits its card adds no stop, and the row Ant Design measures a scrolling table's columns with is inert. Ant Design's Table gives its outer element (`nativeElement`); what
 * scrolls inside depends on the screen and on `scroll`, so it is looked for again when the table's size or parts
 * change.
 */
export function useScrollRegion(label: string) {
  const ref = useRef<TableRef>(null);
  useEffect(() => {
    const root = ref.current?.nativeElement;
    if (!root || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const watched = new Set<Element>();
    const mark = () => {
      frame = 0;
      for (const el of [root, ...root.querySelectorAll<HTMLElement>(SCROLLERS)]) {
        if (scrollsSideways(el)) {
          el.setAttribute(MARK, '');
          el.setAttribute('tabindex', '0');
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', label);
        } else if (el.hasAttribute(MARK)) {
          for (const name of [MARK, 'tabindex', 'role', 'aria-label']) el.removeAttribute(name);
        }
      }
      // The hidden row Ant Design measures the columns of a scrolling table with copies its header, the select-all
      // checkbox too: an invisible Tab stop inside aria-hidden. Inert, it is neither.
      for (const row of root.querySelectorAll('.ant-table-measure-row:not([inert])')) row.setAttribute('inert', '');
      for (const el of root.querySelectorAll('table')) {
        if (!watched.has(el)) {
          watched.add(el);
          resize.observe(el);
        }
      }
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(mark);
    };
    const resize = new ResizeObserver(later);
    resize.observe(root);
    // Rows, a loading state or a new scroller: the table's parts change without its outer size.
    const parts = new MutationObserver(later);
    parts.observe(root, { childList: true, subtree: true });
    mark();
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      parts.disconnect();
    };
  }, [label]);
  return ref;
}

/**
 * Ant Design's Table as every page of the portal uses it (lint forbids the bare one): `label` is the table's title,
 * the name of its scrolling region on a narrow screen (useScrollRegion).
 */
export function DataTable<T extends object>({ label, ...props }: TableProps<T> & { label: string }) {
  const ref = useScrollRegion(label);
  return <Table<T> ref={ref} {...props} />;
}
