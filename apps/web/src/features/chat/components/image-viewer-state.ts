import { IMAGE_MIN_SCALE, IMAGE_ROTATION_STEP, IMAGE_WHEEL_STEP, IMAGE_ZOOM_STEP } from '@portal/contracts/constants';

/** The image viewer of 2.4: zoom step 0.2, wheel step 0.015, rotation 90 degrees, minimum scale 0.2. */
export type ViewerState = { scale: number; rotate: number };
export type ViewerAction =
  { kind: 'zoomIn' } | { kind: 'zoomOut' } | { kind: 'wheel'; deltaY: number } | { kind: 'rotate' } | { kind: 'reset' };

export const VIEWER_INITIAL: ViewerState = { scale: 1, rotate: 0 };

const round = (n: number) => Math.round(n * 1000) / 1000;
const clamp = (scale: number) => Math.max(IMAGE_MIN_SCALE, round(scale));

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.kind) {
    case 'zoomIn':
      return { ...state, scale: clamp(state.scale + IMAGE_ZOOM_STEP) };
    case 'zoomOut':
      return { ...state, scale: clamp(state.scale - IMAGE_ZOOM_STEP) };
    case 'wheel':
      // One wheel notch (any delta) moves the scale by the wheel step: up zooms in, down zooms out.
      return action.deltaY === 0
        ? state
        : { ...state, scale: clamp(state.scale + (action.deltaY < 0 ? IMAGE_WHEEL_STEP : -IMAGE_WHEEL_STEP)) };
    case 'rotate':
      return { ...state, rotate: (state.rotate + IMAGE_ROTATION_STEP) % 360 };
    case 'reset':
      return VIEWER_INITIAL;
  }
}
