import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';

export type PlainMenuItem = {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** The item's language, for a language's own name. */
  lang?: string;
  /** Marks the current choice (the language in use, the page shown). */
  current?: boolean;
  /** A separator line before this item. */
  dividerBefore?: boolean;
};

const menuItemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/**
 * A menu's list (WAI-ARIA menu): the arrow keys, Home and End move between the items, Enter or Space chooses one.
 * Only one item is in the Tab order (the current one, or the first), so a menu always on screen (the phone's drawer)
 * is one Tab stop. Plain React and CSS (issue 10, ADR 0042).
 */
export function PlainMenuList({
  items,
  label,
  onSelect,
  onEscape,
  onTab,
  className,
  listRef,
  id,
  style,
}: {
  items: PlainMenuItem[];
  label: string;
  onSelect: (key: string) => void;
  onEscape?: () => void;
  onTab?: () => void;
  className?: string;
  listRef?: Ref<HTMLUListElement>;
  id?: string;
  style?: CSSProperties;
}) {
  const own = useRef<HTMLUListElement | null>(null);
  const tabStop = items.find((i) => i.current)?.key ?? items[0]?.key;
  const onKey = (e: KeyboardEvent) => {
    const list = menuItemsOf(own.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      list[(at + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      list[e.key === 'Home' ? 0 : list.length - 1]?.focus();
    } else if (e.key === 'Escape' && onEscape) {
      e.preventDefault();
      onEscape();
    } else if (e.key === 'Tab') onTab?.();
  };
  return (
    <ul
      ref={(el) => {
        own.current = el;
        if (typeof listRef === 'function') listRef(el);
        else if (listRef) listRef.current = el;
      }}
      id={id}
      style={style}
      role="menu"
      aria-label={label}
      className={`plain-menu-list ${className ?? ''}`}
      onKeyDown={onKey}
    >
      {items.map((item) => (
        <li
          key={item.key}
          role="menuitem"
          lang={item.lang}
          tabIndex={item.key === tabStop ? 0 : -1}
          aria-current={item.current ? 'true' : undefined}
          className={`plain-menu-item${item.current ? ' active' : ''}${item.dividerBefore ? ' divided' : ''}`}
          onClick={() => onSelect(item.key)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onSelect(item.key);
            }
          }}
        >
          {item.icon}
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * A menu button (WAI-ARIA menu button pattern) in plain React and CSS, for the parts painted without Ant Design (issue
 * 10, ADR 0042): a click, Enter, Space or an arrow key opens it on the current item; Escape closes it and gives focus
 * back to the button, Tab closes it, and a click outside closes it.
 */
export function PlainMenuButton({
  content,
  label,
  items,
  onSelect,
  className,
  align = 'end',
  unstyled = false,
}: {
  /** What the button shows. */
  content: ReactNode;
  /** The button's and the menu's accessible name. */
  label: string;
  items: PlainMenuItem[];
  onSelect: (key: string) => void;
  className?: string;
  align?: 'start' | 'end';
  /** Leaves the button's look to `className` (a navigation item's "more"). */
  unstyled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // The menu is placed against the window (position: fixed), so a bar that hides its overflow does not clip it.
  const [place, setPlace] = useState<CSSProperties>({});
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const r = button.current.getBoundingClientRect();
    setPlace(
      align === 'end'
        ? { top: r.bottom + 4, right: Math.max(0, document.documentElement.clientWidth - r.right) }
        : { top: r.bottom + 4, left: r.left },
    );
  }, [open, align]);
  useEffect(() => {
    if (!open) return;
    const list = menuItemsOf(menu.current);
    (list.find((el) => el.getAttribute('aria-current') === 'true') ?? list[0])?.focus();
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  return (
    <span className="plain-menu">
      <button
        ref={button}
        type="button"
        className={`${unstyled ? '' : 'plain-button plain-button-text '}plain-menu-button ${className ?? ''}`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {content}
      </button>
      {open && (
        <PlainMenuList
          listRef={menu}
          id={menuId}
          label={label}
          items={items}
          className="plain-menu-popup"
          style={place}
          onEscape={() => close(true)}
          onTab={() => close(false)}
          onSelect={(key) => {
            close(true);
            onSelect(key);
          }}
        />
      )}
    </span>
  );
}
