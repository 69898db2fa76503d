import { Result } from 'antd';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { LinkButton } from './link-button.tsx';

/** A page of the route table that a later release builds: it says so plainly. */
export function NotBuilt({ title, backTo = '/home/homePage' }: { title: string; backTo?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
      subTitle={t('notBuilt.body')}
      extra={<LinkButton to={backTo}>{t('notBuilt.back')}</LinkButton>}
    />
  );
}
