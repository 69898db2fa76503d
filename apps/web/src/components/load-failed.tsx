import type { ReactNode } from 'react';
import { actionOn } from '../lib/action-on.ts';
import { useTranslation } from '../lib/i18n/i18n.ts';

/** What `refetchFailed` needs of a TanStack query. */
type Retryable = { isError: boolean; refetch: () => unknown };

/** Asks again for each of `queries` whose last call failed (the ones that answered are left alone). */
export const refetchFailed =
  (...queries: Retryable[]) =>
  () => {
    for (const q of queries) if (q.isError) void q.refetch();
  };

/**
 * What a part of a page shows when its data did not arrive (a server error, no network, a time-out): 加载失败 and a
 * 重试 button that asks again; never the empty state, which would say there is nothing, nor a skeleton that never
 * ends. While the data comes the part shows its skeleton, and its empty state only once the data has arrived empty.
 * Plain (no Ant Design), so the plain home page and the Ant Design pages show it alike. `name`, where a page has
 * several parts, names the part on the button for a screen reader's list of buttons (重试 效能概览, lib/action-on.ts);
 * the visible text stays 重试.
 */
export function LoadFailed({
  onRetry,
  name,
  text,
  children,
}: {
  onRetry: () => void;
  name?: string | undefined;
  /** What failed, when 加载失败 alone does not say it (an embedded page). */
  text?: string;
  /** Other ways out beside 重试 (在新窗口打开). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const retry = t('loadFailed.retry');
  return (
    <div className="plain-alert plain-alert-warning load-failed">
      <span className="plain-alert-mark" aria-hidden="true">
        !
      </span>
      <span role="alert">{text ?? t('loadFailed.text')}</span>
      <button
        type="button"
        className="plain-button plain-button-small"
        aria-label={name ? actionOn(retry, name) : undefined}
        onClick={onRetry}
      >
        {retry}
      </button>
      {children}
    </div>
  );
}
