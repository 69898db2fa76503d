import { WATERMARK_FONT_SIZE, WATERMARK_ROTATION_DEG } from '@portal/contracts/constants';
import { useSyncExternalStore, type CSSProperties } from 'react';

const CELL_W = 420;
const CELL_H = 240;

/** Cells enough to cover the window however large (a 2560 × 1600 screen too), one spare each way for the tilt. */
const viewportCells = () =>
  `${Math.ceil(window.innerWidth / CELL_W) + 1}x${Math.ceil(window.innerHeight / CELL_H) + 1}`;
/*
 * The window's cells, read once and again on each resize: React asks for the snapshot at every render and again after
 * each commit, and reading the window's size while the page's layout is dirty lays the page out there and then
 * (12 ms of a phone's home page load, issue 10).
 */
let cells: string | null = null;
const subscribeResize = (onChange: () => void) => {
  const listener = () => {
    cells = viewportCells();
    onChange();
  };
  window.addEventListener('resize', listener);
  return () => {
    window.removeEventListener('resize', listener);
    // Unmounted, it hears no resize: the next one reads the window again.
    cells = null;
  };
};
const currentCells = () => (cells ??= viewportCells());

/**
 * The page-wide watermark (section 1, 9): the given lines in 32px text, tilted 15°, repeated over the
 * whole viewport. It is real text on a fixed layer that never takes a click, hidden from screen readers.
 */
export function Watermark({ lines }: { lines: string[] }) {
  const [columns, rows] = useSyncExternalStore(subscribeResize, currentCells, () => '6x6')
    .split('x')
    .map(Number) as [number, number];
  const layer: CSSProperties = {
    position: 'fixed',
    inset: 0,
    zIndex: 999,
    pointerEvents: 'none',
    overflow: 'hidden',
    display: 'grid',
    gridTemplateColumns: `repeat(${columns}, ${CELL_W}px)`,
    gridAutoRows: `${CELL_H}px`,
    userSelect: 'none',
  };
  const cell: CSSProperties = {
    fontSize: WATERMARK_FONT_SIZE,
    lineHeight: 1.3,
    color: 'rgba(0, 0, 0, 0.06)',
    transform: `rotate(-${WATERMARK_ROTATION_DEG}deg)`,
    whiteSpace: 'nowrap',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
  };
  return (
    <div aria-hidden="true" data-testid="watermark" style={layer}>
      {Array.from({ length: columns * rows }, (_, i) => (
        <div key={i} style={cell}>
          {lines.map((l) => (
            <span key={l}>{l}</span>
          ))}
        </div>
      ))}
    </div>
  );
}
