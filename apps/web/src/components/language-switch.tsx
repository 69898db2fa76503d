import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../lib/i18n/i18n.ts';

/** The two languages, zh-CN first; each named in its own language. */
export const LANGUAGE_ITEMS: NonNullable<MenuProps['items']> = [
  { key: 'zh-CN', label: '简体中文', lang: 'zh-CN' } as NonNullable<MenuProps['items']>[number],
  { key: 'en-US', label: 'English', lang: 'en-US' } as NonNullable<MenuProps['items']>[number],
];

/** The language switch of the shell and the landing page. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      menu={{
        items: LANGUAGE_ITEMS,
        selectedKeys: [i18n.language],
        onClick: ({ key }) => setLanguage(key as Language),
      }}
      trigger={['click']}
    >
      <Button type="text" className={className} icon={<GlobalOutlined />} aria-label={t('app.language')}>
        {i18n.language === 'en-US' ? 'EN' : '中'}
      </Button>
    </Dropdown>
  );
}
