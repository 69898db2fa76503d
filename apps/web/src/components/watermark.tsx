import { WATERMARK_FONT_SIZE, WATERMARK_ROTATION_DEG } from '@portal/contracts/constants';
import { useSyncExternalStore, type CSSProperties } from 'react';

const CELL_W = 420;
const CELL_H = 240;

/**
 * The page-wide watermark (section 1, 9): the given lines in 32px text, tilted 15°, repeated over the
 * whole viewport. It is real text on a fixed layer that never takes a click, hidden from screen readers.
 */
const subscribeResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
/** Cells enough to cover the window however large (a 2560 × 1600 screen too), one spare each way for the tilt. */
const viewportCells = () =>
  `${Math.ceil(window.innerWidth / CELL_W) + 1}x${Math.ceil(window.innerHeight / CELL_H) + 1}`;

export function Watermark({ lines }: { lines: string[] }) {
  const [columns, rows] = useSyncExternalStore(subscribeResize, viewportCells, () => '6x6')
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
