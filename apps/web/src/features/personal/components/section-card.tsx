import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useId } from 'react';

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
