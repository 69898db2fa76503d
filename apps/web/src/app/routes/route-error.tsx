import { useTranslation } from '../../lib/i18n/i18n.ts';
import { useRouteError } from 'react-router';
import { isPartLoadError } from '../../lib/lazy/load-part.ts';

/**
 * What a route shows when its code part did not load (section 9's 120 s time-out, a network drop, or a new
 * version whose old chunks are gone) or its page failed: a plain message and a retry, never a white page. Plain React
 * and CSS: it is also what shows when the Ant Design layout itself does not load (ADR 0038).
 */
export function RouteError({ error: given }: { error?: unknown }) {
  const { t } = useTranslation();
  const routeError = useRouteError();
  const error = given ?? routeError;
  const partLoad = isPartLoadError(error);
  return (
    <div className={`plain-result plain-result-${partLoad ? 'warning' : 'error'}`}>
      <span className="plain-result-mark" aria-hidden>
        {partLoad ? '!' : '✕'}
      </span>
      <h1 className="plain-result-title">{partLoad ? t('errors.partLoad') : t('errors.unexpected')}</h1>
      <button type="button" className="plain-button plain-button-primary" onClick={() => window.location.reload()}>
        {t('errors.partLoadRetry')}
      </button>
    </div>
  );
}
