import { describe, expect, it } from 'vitest';
import { attachImageFallback, DEFAULT_IMAGE } from './image-fallback.ts';

describe('broken images in rich text fall back to the default image (section 8)', () => {
  it('replaces a failing image once, and stops after cleanup', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<p><img src="https://x.invalid/a.png" srcset="https://x.invalid/a2.png 2x" alt="流程图"><img src="https://x.invalid/b.png"></p>';
    document.body.append(root);
    const [a, b] = [...root.querySelectorAll('img')] as [HTMLImageElement, HTMLImageElement];
    const stop = attachImageFallback(root);
    a.dispatchEvent(new Event('error'));
    expect(a.getAttribute('src')).toBe(DEFAULT_IMAGE);
    expect(a.hasAttribute('srcset')).toBe(false);
    expect(a.alt).toBe('流程图');
    // The fallback failing too is left alone (no loop).
    a.setAttribute('src', 'https://x.invalid/other.png');
    a.dispatchEvent(new Event('error'));
    expect(a.getAttribute('src')).toBe('https://x.invalid/other.png');
    stop();
    b.dispatchEvent(new Event('error'));
    expect(b.getAttribute('src')).toBe('https://x.invalid/b.png');
    root.remove();
  });

  it('takes a fallback of the caller’s choosing', () => {
    const root = document.createElement('div');
    root.innerHTML = '<img src="https://x.invalid/c.png">';
    attachImageFallback(root, '/favicon.svg');
    root.querySelector('img')!.dispatchEvent(new Event('error'));
    expect(root.querySelector('img')!.getAttribute('src')).toBe('/favicon.svg');
  });
});
