import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { PlainIcon } from '../components/plain-icon.tsx';
import { PlainMenuButton } from '../components/plain-menu.tsx';

/** An item of the top navigation: an in-app route (embedded pages included) or a page in a new tab. */
export type ShellNavItem = { key: string; label: string; to: string; kind: 'route' | 'embedded' | 'tab' };

/** Room kept for the "more" button when items do not fit. */
const MORE_WIDTH = 96;
const GAP = 4;

export function NavItemLink({
  item,
  className,
  onClick,
}: {
  item: ShellNavItem;
  className: string;
  onClick?: () => void;
}) {
  if (item.kind === 'tab') {
    return (
      <a
        href={item.to}
        target="_blank"
        rel="noreferrer noopener"
        className={className}
        onClick={onClick}
        data-nav-item=""
      >
        {item.label}
      </a>
    );
  }
  return (
    <NavLink
      to={item.to}
      className={({ isActive }) => (isActive && item.kind === 'route' ? `${className} active` : className)}
      onClick={onClick}
      data-nav-item=""
    >
      {item.label}
    </NavLink>
  );
}

/**
 * The top navigation on a desktop: as many items as fit the bar, in order, and the rest under 更多 (More), so
 * no item is ever clipped (a school with 8 custom items on a 1366 px screen reaches all of them). Widths are
 * measured once per set of items (all rendered before the first paint), then the bar follows its own width.
 */
export function OverflowNav({
  items,
  itemClassName,
  label,
  moreLabel,
}: {
  items: ShellNavItem[];
  itemClassName: string;
  label: string;
  moreLabel: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const widths = useRef<number[]>([]);
  const navigate = useNavigate();
  const location = useLocation();
  const signature = items.map((i) => `${i.key}\u0000${i.label}`).join('\u0001');
  const [measured, setMeasured] = useState<string | null>(null);
  const [visible, setVisible] = useState(items.length);

  const fit = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const avail = el.clientWidth;
    const w = widths.current;
    const total = w.reduce((a, x) => a + x, 0) + GAP * Math.max(0, w.length - 1);
    if (total <= avail) {
      setVisible(w.length);
      return;
    }
    let used = 0;
    let n = 0;
    for (const x of w) {
      const next = used + (n ? GAP : 0) + x;
      if (next + GAP + MORE_WIDTH > avail) break;
      used = next;
      n++;
    }
    setVisible(n);
  }, []);

  // A new set of items renders in full once, is measured, and then fitted (layout effects: before the paint).
  useLayoutEffect(() => {
    if (measured === signature || !ref.current) return;
    widths.current = [...ref.current.querySelectorAll<HTMLElement>('[data-nav-item]')].map(
      (a) => a.getBoundingClientRect().width,
    );
    setMeasured(signature);
  }, [signature, measured]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (measured !== signature || !el) return;
    fit();
    const observer = new ResizeObserver(() => fit());
    observer.observe(el);
    return () => observer.disconnect();
  }, [measured, signature, fit]);

  const ready = measured === signature;
  const shown = ready ? items.slice(0, visible) : items;
  const rest = ready ? items.slice(visible) : [];
  const restActive = rest.some((i) => i.kind === 'route' && location.pathname === i.to.split('?')[0]);
  return (
    <nav ref={ref} aria-label={label} className="portal-nav">
      {shown.map((item) => (
        <NavItemLink key={item.key} item={item} className={itemClassName} />
      ))}
      {rest.length > 0 && (
        <PlainMenuButton
          unstyled
          align="start"
          className={`${itemClassName} portal-nav-more${restActive ? ' active' : ''}`}
          label={moreLabel}
          content={
            <>
              {moreLabel} <PlainIcon icon={DownOutlined} />
            </>
          }
          items={rest.map((i) => ({
            key: i.key,
            label: i.label,
            current: i.kind === 'route' && location.pathname === i.to.split('?')[0],
          }))}
          onSelect={(key) => {
            const item = rest.find((i) => i.key === key);
            if (!item) return;
            if (item.kind === 'tab') window.open(item.to, '_blank', 'noopener,noreferrer');
            else void navigate(item.to);
          }}
        />
      )}
    </nav>
  );
}
