import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { formatTenantTime } from '../../../lib/time-zone.ts';

/** A date and time of an administrator list, or a dash. */
export const formatTime = (iso: string | null | undefined) => formatTenantTime(iso);

/** An empty list's text, dark enough to read (Ant Design's default grey falls below 4.5:1). */
export function EmptyText() {
  const { t } = useTranslation();
  return <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{t('services.empty')}</span>;
}

/**
 * A panel of the service hall's configuration page: a titled card (an h2, so the page's headings stay in order)
 * whose colours keep a 4.5:1 contrast (WCAG AA) where Ant Design's defaults fall below it.
 */
export function AdminPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <AccessibleTheme>
      <section aria-labelledby={`${id}-title`}>
        <Card
          id={id}
          size="small"
          style={{ marginTop: 16 }}
          title={
            <h2 id={`${id}-title`} style={{ fontSize: 16, margin: 0 }}>
              {title}
            </h2>
          }
        >
          {children}
        </Card>
      </section>
    </AccessibleTheme>
  );
}
