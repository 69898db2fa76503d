import type { KeyboardEvent, ReactNode } from 'react';

const CANDIDATES =
  'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable]:not([contenteditable="false"])';

/** Shown (so the browser's Tab reaches it): not display: none on the way up, not visibility: hidden. */
function shown(el: HTMLElement): boolean {
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true });
  for (let n: HTMLElement | null = el; n; n = n.parentElement) if (getComputedStyle(n).display === 'none') return false;
  return getComputedStyle(el).visibility !== 'hidden';
}

/** The controls inside `root` that Tab stops at, in document order. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !(el instanceof HTMLInputElement && el.type === 'hidden') &&
      !el.closest('[inert]') &&
      shown(el),
  );
}

/**
 * A keydown handler for a modal dialog's element: Tab on its last control goes to its first, Shift+Tab on its first
 * (or on the dialog itself) to its last, so the keyboard's focus stays inside while it is open.
 */
export function keepTabInside(e: KeyboardEvent<HTMLElement>) {
  cycleWithin(e.currentTarget, e);
}

function cycleWithin(
  root: HTMLElement,
  e: Pick<
    globalThis.KeyboardEvent,
    'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey' | 'defaultPrevented' | 'preventDefault'
  >,
) {
  if (e.key !== 'Tab' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const active = document.activeElement;
  // Focus in a pop-up of a control inside (rendered elsewhere in the page) is that pop-up's affair.
  if (!(active instanceof HTMLElement) || !root.contains(active)) return;
  const list = tabbables(root);
  if (!list.length) return;
  const at = list.indexOf(active);
  const to = e.shiftKey ? (at <= 0 ? list[list.length - 1] : null) : at === list.length - 1 ? list[0] : null;
  if (!to) return;
  e.preventDefault();
  to.focus();
}

/**
 * Keeps Tab inside a modal Ant Design dialog or drawer (keepTabInside). Ant Design's own focus lock only pulls focus
 * back when it lands elsewhere in the page; from the page's last control (a dialog is the page's last element), Tab
 * leaves the page for the browser's own controls (the address bar), where the lock cannot follow. Pass it as
 * `modalRender` (Modal) or `drawerRender` (Drawer).
 */
export function cycleFocus(node: ReactNode): ReactNode {
  return (
    <div className="focus-cycle" style={{ display: 'contents' }} onKeyDown={keepTabInside}>
      {node}
    </div>
  );
}

/** Ant Design's open modal dialogs and drawers, in the order they were put in the page (the last is on top). */
const OPEN_DIALOGS = '.ant-modal-wrap, .ant-drawer-open .ant-drawer-content-wrapper';

function onKeyDownInPage(e: globalThis.KeyboardEvent) {
  if (e.key !== 'Tab') return;
  const open = [...document.querySelectorAll<HTMLElement>(OPEN_DIALOGS)].filter(shown);
  const top = open[open.length - 1];
  if (top) cycleWithin(top, e);
}

/** What a user types or picks in: a dialog's first one of these takes the focus when it opens. */
const FIELDS =
  'input, textarea, select, [role="radio"], [role="combobox"], [role="textbox"], [role="spinbutton"], [contenteditable]:not([contenteditable="false"])';

/**
 * The first field of `root` that Tab stops at (tabbables): of a group of radio buttons, the one checked. A custom radio
 * group with a roving tab stop (the rating's stars) offers only its current one.
 */
export function firstField(root: HTMLElement): HTMLElement | null {
  const field = tabbables(root).find((el) => el.matches(FIELDS) && !el.matches('[readonly]:not([role="combobox"])'));
  if (field instanceof HTMLInputElement && field.type === 'radio' && field.name && !field.checked) {
    const checked = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')].find(
      (r) => r.name === field.name,
    );
    if (checked) return checked;
  }
  return field ?? null;
}

/** An Ant Design modal dialog's own element, which it focuses when it opens (its content has no focus yet). */
const DIALOG_ITSELF = '.ant-modal[role="dialog"]';

/**
 * A dialog opened (its focus comes in from outside, onto the dialog itself): on to its first field, so a keyboard user
 * types at once instead of pressing Tab first. A dialog of buttons only keeps the focus where it is (the dialog, or
 * the button it gave the focus to); one whose field took the focus itself (autoFocus) is not touched.
 */
function onFocusInPage(e: globalThis.FocusEvent) {
  const dialog = e.target;
  if (!(dialog instanceof HTMLElement) || !dialog.matches(DIALOG_ITSELF)) return;
  if (e.relatedTarget instanceof Node && dialog.contains(e.relatedTarget)) return;
  const body = dialog.querySelector<HTMLElement>('.ant-modal-body');
  const field = body && firstField(body);
  field?.focus();
}

let installed = 0;

/**
 * Keeps Tab inside whichever Ant Design modal dialog or drawer is on top, for every one of the app's (the 28 Modals,
 * modal.confirm and the Drawers) without each passing `cycleFocus`; and a modal dialog that opens gives the focus to
 * its first field (onFocusInPage). Returns the undo; the listeners stay while any caller keeps them.
 */
export function keepTabInsideOpenDialogs(): () => void {
  if (installed++ === 0) {
    document.addEventListener('keydown', onKeyDownInPage, true);
    document.addEventListener('focusin', onFocusInPage, true);
  }
  return () => {
    if (--installed === 0) {
      document.removeEventListener('keydown', onKeyDownInPage, true);
      document.removeEventListener('focusin', onFocusInPage, true);
    }
  };
}
