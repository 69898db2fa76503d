import { Button, Result } from 'antd';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { Link } from 'react-router';

/** A page of the route table that a later release builds: it says so plainly. */
export function NotBuilt({ title, backTo = '/home/homePage' }: { title: string; backTo?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
      subTitle={t('notBuilt.body')}
      extra={
        <Link to={backTo}>
          <Button type="primary">{t('notBuilt.back')}</Button>
        </Link>
      }
    />
  );
}
