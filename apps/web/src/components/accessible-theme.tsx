import { ConfigProvider, theme } from 'antd';

/**
 * Colours of pages and dialogs that keep a 4.5:1 contrast (WCAG AA) on white and on a ticked
 * table row: Ant Design's defaults for errors, links, secondary text, placeholders and the hovered primary
 * button fall below it. The tenant's primary colour is passed on as it is.
 */
export function AccessibleTheme({ children }: { children: React.ReactNode }) {
  const { token } = theme.useToken();
  return (
    <ConfigProvider
      theme={{
        inherit: true,
        token: {
          colorPrimary: token.colorPrimary,
          // The derived hover shade is lighter than the primary and loses contrast under the pointer.
          colorPrimaryHover: token.colorPrimaryActive,
          colorLink: '#00509e',
          colorError: '#c41d1d',
          colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
          colorTextDescription: 'rgba(0, 0, 0, 0.65)',
        },
        components: { Table: { rowSelectedBg: '#f5faff', rowSelectedHoverBg: '#ebf5ff' } },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
