/**
 * For tests: jsdom has <dialog> but not its modal methods. Opens and closes it as the browser would (the open
 * attribute, and the close event on close), so the plain dialogs (plain-dialog.tsx) can be tested by role.
 */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
