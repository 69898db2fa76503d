import { useLayoutEffect } from 'react';

/**
 * Rendered beside a dialog or drawer that is mounted only while it is open (a lazily loaded part, an Ant Design
 * island): when it unmounts, focus goes back to what had it when it mounted (the button that opened the dialog), if
 * focus fell to the page's body with the dialog. Ant Design's own return of focus runs after its closing animation,
 * which a part removed at once never plays; without this the next Tab started again from the top of the page
 * (issue 10). A click elsewhere that closed the dialog keeps its focus.
 */
export function ReturnFocus() {
  useLayoutEffect(() => {
    const opener = document.activeElement;
    if (!(opener instanceof HTMLElement) || opener === document.body) return;
    return () => {
      // After the dialog's nodes are gone (the cleanup runs while they are being removed).
      setTimeout(() => {
        const now = document.activeElement;
        if ((now === null || now === document.body) && opener.isConnected) opener.focus({ preventScroll: true });
      });
    };
  }, []);
  return null;
}
