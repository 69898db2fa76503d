import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { LoadFailed } from './load-failed.tsx';

/**
 * How long an embedded page may take before the portal says it did not load: the HTTP time-out of section 9 (30 s).
 */
export const FRAME_LOAD_TIMEOUT_MS = 30_000;

/**
 * A page embedded in the portal (a service, a model window, a configured page) that says so when it does not load:
 * a message with 重试 (the frame loads again) and 在新窗口打开. What a browser lets the portal see of another site's
 * frame is only its load event — a refused frame (X-Frame-Options, CSP frame-ancestors) or a server's error page
 * still fires it and cannot be told from a page — so the failure detected is the one detectable: no load event within
 * FRAME_LOAD_TIMEOUT_MS (a site down, a network that drops the request), or an error event. A load that comes late
 * takes the message away.
 */
export function EmbeddedFrame({
  src,
  title,
  className,
  style,
  sandbox = 'allow-scripts allow-forms allow-same-origin allow-popups',
  openHref,
  onOpenNew,
}: {
  src: string;
  title: string;
  className?: string;
  style?: CSSProperties;
  sandbox?: string;
  /** 在新窗口打开's address (src when not given). */
  openHref?: string;
  /** 在新窗口打开 as an action instead of a link (an address that needs a fresh ticket). */
  onOpenNew?: () => void;
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  useEffect(() => {
    setState('loading');
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), FRAME_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [src, attempt]);
  return (
    <>
      {state === 'failed' && (
        <LoadFailed text={t('frame.failed')} onRetry={() => setAttempt((a) => a + 1)}>
          {onOpenNew ? (
            <button type="button" className="plain-button plain-button-small" onClick={onOpenNew}>
              {t('frame.openNew')}
            </button>
          ) : (
            <a
              className="plain-button plain-button-small"
              href={openHref ?? src}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('frame.openNew')}
            </a>
          )}
        </LoadFailed>
      )}
      <iframe
        key={attempt}
        className={className}
        style={style}
        src={src}
        title={title}
        sandbox={sandbox}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </>
  );
}
