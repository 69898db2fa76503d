import { MODEL_WINDOW_HEIGHT, MODEL_WINDOW_WIDTH } from '@portal/contracts/constants';

/**
 * 2.4 "Model windows: a configuration of height (default 650px), width (default 1200px) and openType, a
 * hidden flag and a generated modelId." A configured link (a common tool's url, a card item's url) is either
 * a plain url or such a configuration as a JSON string (section 3: "a JSON string giving frame configuration
 * or a plain url"). 4.6 names what an openType does; without one the window shows the url embedded.
 */
export type ModelWindowConfig = {
  /** Generated when the configuration names none. */
  modelId: string;
  title: string;
  url: string;
  /** px */
  width: number;
  /** px, the height of the window's body */
  height: number;
  /** '' (show the url in the window) or a 4.6 opening type; any other value is kept and refused when opened. */
  openType: string;
  /** A hidden window is never shown (and the link that would open it is not listed). */
  hidden: boolean;
  /** For openType 'service' and 'workGuide'. */
  serviceId: string;
};

let counter = 0;
/** A new model window id: unique within the page. */
export function newModelId(): string {
  counter += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(16).slice(2, 10);
  return `model-${Date.now().toString(36)}-${counter}-${random}`;
}

/** True when a configured url is a JSON model window configuration rather than a plain url. */
export function isModelConfig(raw: string | null | undefined): boolean {
  return parseObject(raw) !== null;
}

function parseObject(raw: string | null | undefined): Record<string, unknown> | null {
  const text = (raw ?? '').trim();
  if (!text.startsWith('{')) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** 650, '650', '650px' → 650; anything else (missing, zero, negative, not a number) → the default. */
function pixels(v: unknown, fallback: number): number {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' ? Number.parseFloat(v.trim().replace(/px$/i, '')) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : fallback;
}

const flag = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * The model window configuration of a configured link: a JSON string, an object, or a plain url. Missing
 * sizes take the defaults of section 9 (1200 x 650); a missing modelId is generated.
 */
export function modelWindowConfig(
  raw: string | Record<string, unknown> | null | undefined,
  title = '',
): ModelWindowConfig {
  const o = typeof raw === 'object' && raw !== null ? raw : (parseObject(raw) ?? { url: text(raw) });
  return {
    modelId: text(o.modelId) || newModelId(),
    title: text(o.title) || text(o.name) || title,
    url: text(o.url) || text(o.path),
    width: pixels(o.width, MODEL_WINDOW_WIDTH),
    height: pixels(o.height, MODEL_WINDOW_HEIGHT),
    openType: text(o.openType),
    hidden: flag(o.hidden),
    serviceId: text(o.serviceId),
  };
}
