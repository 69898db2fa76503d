import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The key in the history entry's state that marks an entry pushed for an open overlay. */
const KEY = 'portalOverlay';
let serial = 0;

/**
 * Lets the browser's (a phone's) Back button close an overlay, as a phone user expects of a drawer that fills the
 * screen: while `active`, the overlay has a history entry of its own (the same address, a marker in its state), so
 * Back returns to the entry below it and `onClose` runs. Close the overlay with the returned function: it goes back
 * over the entry it pushed (which then closes the overlay), so no entry is left behind for Back to land on twice.
 */
export function useBackCloses(active: boolean, onClose: () => void): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  /** The marker of the entry pushed for the overlay, while it is open. */
  const mark = useRef<string | null>(null);
  /** Whether the router is on that entry. */
  const here = useRef(false);
  const closed = useEffectEvent(onClose);

  useEffect(() => {
    if (!active) {
      mark.current = null;
      here.current = false;
      return;
    }
    if (mark.current) return;
    mark.current = `${++serial}-${Date.now()}`;
    const { pathname, search, hash, state } = location;
    const kept = state !== null && typeof state === 'object' ? state : {};
    navigate({ pathname, search, hash }, { state: { ...kept, [KEY]: mark.current } });
    // Only the overlay's opening pushes; the location it was opened at is the one read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  useEffect(() => {
    if (!mark.current) return;
    const state = location.state as Record<string, unknown> | null;
    const now = state?.[KEY] === mark.current;
    if (now) here.current = true;
    else if (here.current) {
      // Back (or any other move) left the overlay's entry.
      here.current = false;
      mark.current = null;
      closed();
    }
  }, [location]);

  return useCallback(() => {
    if (here.current) navigate(-1);
    else {
      mark.current = null;
      onClose();
    }
  }, [navigate, onClose]);
}
