import { Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

/** A titled region of the personal center: a card whose heading names the landmark. */
export function SectionCard({
  title,
  extra,
  children,
  className,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`pc-section ${className ?? ''}`.trim()}>
      <Card
        title={
          <h2 id={id} className="pc-section-title">
            {title}
          </h2>
        }
        extra={extra}
        size="small"
      >
        {children}
      </Card>
    </section>
  );
}

/** What a section shows when its call failed. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={<span className="pc-failed">{t('personal.loadFailed')}</span>}
      extra={
        <Button size="small" onClick={onRetry}>
          {t('personal.retry')}
        </Button>
      }
    />
  );
}
