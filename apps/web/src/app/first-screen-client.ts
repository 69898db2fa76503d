/**
 * A first screen as the server painted it inside `#root` (`/` and `/login`: ADR 0061, first-screen.tsx), in the browser.
 *
 * It is the page a visitor sees in the interface's default language: a visitor in that language gets it hydrated (the
 * page's handlers attached to the server's markup, nothing made again); a user who is logged in gets it replaced by
 * React's first render, in one commit, with their own page. A user who chose another language sees the boot mark
 * instead, as on every other page, not a page that changes language.
 */
export function adoptFirstScreen(root: HTMLElement, language: string): void {
  const painted = root.dataset.firstScreen;
  if (painted === undefined || painted === language) return;
  root.replaceChildren(bootMark());
  delete root.dataset.firstScreen;
}

/** True when `root` holds a first screen that a visitor's app can hydrate. */
export function hydratable(root: HTMLElement, visitor: boolean): boolean {
  return root.dataset.firstScreen !== undefined && visitor;
}

/**
 * The first screen's controls wait, disabled, for the script (first-screen.tsx: untilScript): once the app has
 * rendered they are let go. Hydration keeps the server's attributes, so they are taken off here.
 */
export function releaseFirstScreen(root: HTMLElement | null): void {
  if (!root || root.dataset.firstScreen === undefined) return;
  for (const control of root.querySelectorAll('[data-until-script]')) {
    control.removeAttribute('disabled');
    control.removeAttribute('data-until-script');
  }
  delete root.dataset.firstScreen;
  // The field the page focuses first (the login's account) could not take the focus while it waited.
  if (!document.activeElement || document.activeElement === document.body)
    root.querySelector<HTMLElement>('[autofocus]')?.focus();
}

/** index.html's boot mark: the school's mark in the middle of the window. */
function bootMark(): HTMLElement {
  const boot = document.createElement('div');
  boot.className = 'boot';
  boot.setAttribute('aria-hidden', 'true');
  const img = document.createElement('img');
  Object.assign(img, { src: '/favicon.svg', alt: '', width: 48, height: 48 });
  boot.append(img);
  return boot;
}
