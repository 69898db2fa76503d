import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type PlainTab = { key: string; label: ReactNode; children: ReactNode };

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): the arrow keys, Home and End move between the tabs, only the
 * selected tab is in the Tab order, and its panel is labelled by it. Hand-written so pages painted without Ant Design
 * have them (ADR 0042). Uncontrolled unless `activeKey` is given; `extra` stands at the end of the tab row.
 */
export function PlainTabs({
  items,
  label,
  activeKey,
  onChange,
  extra,
  className,
}: {
  items: PlainTab[];
  label: string;
  activeKey?: string;
  onChange?: (key: string) => void;
  extra?: ReactNode;
  className?: string;
}) {
  const base = useId();
  const [own, setOwn] = useState(items[0]?.key);
  const selected = activeKey ?? own;
  const active = items.find((i) => i.key === selected) ?? items[0];
  const list = useRef<HTMLDivElement>(null);
  const select = (key: string) => {
    setOwn(key);
    onChange?.(key);
  };
  const onKey = (e: KeyboardEvent) => {
    const at = items.findIndex((i) => i.key === active?.key);
    const to =
      e.key === 'ArrowRight'
        ? at + 1
        : e.key === 'ArrowLeft'
          ? at - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? -1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = items[(to + items.length) % items.length]!;
    select(next.key);
    list.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(next.key)}"]`)?.focus();
  };
  if (!active) return null;
  // useId's ':' is not valid in a CSS selector but is in an id; keys may hold any character, so they are indexed.
  const id = (part: string, key: string) => `${base}-${part}-${items.findIndex((i) => i.key === key)}`;
  return (
    <div className={`plain-tabs ${className ?? ''}`}>
      <div className="plain-tabs-bar">
        <div role="tablist" aria-label={label} className="plain-tabs-list" ref={list} onKeyDown={onKey}>
          {items.map((i) => (
            <button
              key={i.key}
              type="button"
              role="tab"
              data-key={i.key}
              id={id('tab', i.key)}
              aria-selected={i.key === active.key}
              aria-controls={id('panel', i.key)}
              tabIndex={i.key === active.key ? 0 : -1}
              className={i.key === active.key ? 'plain-tab active' : 'plain-tab'}
              onClick={() => select(i.key)}
            >
              {i.label}
            </button>
          ))}
        </div>
        {extra && <div className="plain-tabs-extra">{extra}</div>}
      </div>
      <div
        role="tabpanel"
        id={id('panel', active.key)}
        aria-labelledby={id('tab', active.key)}
        className="plain-tabs-panel"
      >
        {active.children}
      </div>
    </div>
  );
}
