import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FallbackImage } from './fallback-image.tsx';

/** How the browser left the image before the page's script ran: loaded (its width) or broken (0), or still loading. */
function imagesAre(state: { complete: boolean; naturalWidth: number }) {
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(state.complete);
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(state.naturalWidth);
}

afterEach(() => vi.restoreAllMocks());

describe('FallbackImage (section 8: broken images fall back to default images)', () => {
  it('shows the default image for an image that failed before the script attached its handler (ADR 0061)', () => {
    imagesAre({ complete: true, naturalWidth: 0 });
    const { container } = render(<FallbackImage src="/gone.png" fallback="/default.svg" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/default.svg');
    expect(img.dataset.fallback).toBe('1');
  });

  it('keeps an image that loaded, or is still loading', () => {
    for (const state of [
      { complete: true, naturalWidth: 40 },
      { complete: false, naturalWidth: 0 },
    ]) {
      imagesAre(state);
      const { container, unmount } = render(<FallbackImage src="/icon.webp" fallback="/default.svg" />);
      expect([state, container.querySelector('img')!.getAttribute('src')]).toEqual([state, '/icon.webp']);
      unmount();
      vi.restoreAllMocks();
    }
  });

  it('falls back when the image fails later, and gives a new source a new try', () => {
    const { container, rerender } = render(<FallbackImage src="/a.png" fallback="/default.svg" />);
    const img = container.querySelector('img')!;
    act(() => void fireEvent.error(img));
    expect(img.getAttribute('src')).toBe('/default.svg');
    rerender(<FallbackImage src="/b.png" fallback="/default.svg" />);
    expect(img.getAttribute('src')).toBe('/b.png');
  });
});
