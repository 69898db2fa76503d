import { IMAGE_MIN_SCALE } from '@portal/contracts/constants';
import { describe, expect, it } from 'vitest';
import { VIEWER_INITIAL, viewerReducer, type ViewerAction } from './image-viewer-state.ts';

const run = (...actions: ViewerAction[]) => actions.reduce(viewerReducer, VIEWER_INITIAL);

describe('image viewer (2.4)', () => {
  it('zooms by 0.2 with the buttons and by 0.015 per wheel notch', () => {
    expect(run({ kind: 'zoomIn' }).scale).toBe(1.2);
    expect(run({ kind: 'zoomOut' }, { kind: 'zoomOut' }).scale).toBe(0.6);
    expect(run({ kind: 'wheel', deltaY: -100 }).scale).toBe(1.015);
    expect(run({ kind: 'wheel', deltaY: 100 }).scale).toBe(0.985);
  });

  it('never goes below the minimum scale 0.2', () => {
    const tiny = run(...Array.from({ length: 10 }, () => ({ kind: 'zoomOut' }) as const));
    expect(tiny.scale).toBe(IMAGE_MIN_SCALE);
    expect(viewerReducer(tiny, { kind: 'wheel', deltaY: 1 }).scale).toBe(IMAGE_MIN_SCALE);
  });

  it('rotates by 90 degrees, a full turn back to 0, and resets', () => {
    expect(run({ kind: 'rotate' }).rotate).toBe(90);
    expect(run({ kind: 'rotate' }, { kind: 'rotate' }, { kind: 'rotate' }, { kind: 'rotate' }).rotate).toBe(0);
    expect(run({ kind: 'rotate' }, { kind: 'zoomIn' }, { kind: 'reset' })).toEqual(VIEWER_INITIAL);
  });
});
