import { ConfigProvider, theme } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

/**
 * Colours of this feature's pages that keep a 4.5:1 contrast (WCAG AA) on white: Ant Design's defaults for
 * links (also hovered), secondary text, statistics titles, placeholders and empty tables fall below it. The tenant's primary colour is
 * passed on as it is.
 */
export function EfficiencyTheme({ children }: { children: React.ReactNode }) {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  return (
    <ConfigProvider
      // Empty tables say so in text dark enough to read (the default grey is below 4.5:1).
      renderEmpty={() => <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{t('efficiency.noData')}</span>}
      theme={{
        inherit: true,
        token: {
          colorPrimary: token.colorPrimary,
          colorPrimaryHover: token.colorPrimaryActive,
          colorLink: '#00509e',
          colorLinkHover: '#003a75',
          colorLinkActive: '#003a75',
          colorError: '#c41d1d',
          colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
          colorTextDescription: 'rgba(0, 0, 0, 0.65)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
