import { WATERMARK_FONT_SIZE, WATERMARK_ROTATION_DEG } from '@portal/contracts/constants';
import type { CSSProperties } from 'react';

const CELL_W = 420;
const CELL_H = 240;

/**
 * The page-wide watermark (section 1, 9): the given lines in 32px text, tilted 15°, repeated over the
 * whole viewport. It is real text on a fixed layer that never takes a click, hidden from screen readers.
 */
export function Watermark({ lines, columns = 6, rows = 6 }: { lines: string[]; columns?: number; rows?: number }) {
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
