/**
 * Section 8: "Broken images fall back to default images." For images a component renders itself see
 * components/fallback-image.tsx; this one covers images inside server-provided rich text (service guides).
 */

/** The default picture for a broken image in rich text: a neutral frame with a mountain and a sun. */
export const DEFAULT_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120"><rect width="160" height="120" fill="#f0f2f5"/><circle cx="112" cy="38" r="12" fill="#bfbfbf"/><path d="M20 100l38-46 26 30 16-18 40 34z" fill="#d9d9d9"/></svg>',
  );

/**
 * Replaces every image under `container` that fails to load with `fallback` (once: a failing fallback is
 * left alone). 'error' does not bubble, so the listener is on the capture phase. Returns the cleanup.
 */
export function attachImageFallback(container: HTMLElement, fallback: string = DEFAULT_IMAGE): () => void {
  const onError = (e: Event) => {
    const img = e.target;
    if (!(img instanceof HTMLImageElement) || img.dataset.fallback === '1') return;
    img.dataset.fallback = '1';
    img.removeAttribute('srcset');
    img.src = fallback;
  };
  container.addEventListener('error', onError, true);
  return () => container.removeEventListener('error', onError, true);
}
