import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isPartLoadError } from '../../lib/lazy/load-part.ts';

/**
 * What a route shows when its code part did not load (section 9's 120 s time-out, a network drop, or a new
 * version whose old chunks are gone) or its page failed: a plain message and a retry, never a white page.
 */
export function RouteError({ error: given }: { error?: unknown }) {
  const { t } = useTranslation();
  const routeError = useRouteError();
  const error = given ?? routeError;
  const partLoad = isPartLoadError(error);
  return (
    <Result
      status={partLoad ? 'warning' : 'error'}
      title={<h1 style={{ fontSize: 22, margin: 0 }}>{partLoad ? t('errors.partLoad') : t('errors.unexpected')}</h1>}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.partLoadRetry')}
        </Button>
      }
    />
  );
}
