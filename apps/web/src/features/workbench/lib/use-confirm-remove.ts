import { App } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useToast } from '../../../components/toast.tsx';

/**
 * A deletion asks first (删除 in red, 取消 beside it), then removes, says so, and refreshes what shows the row; a
 * refusal leaves the row (the server's reason is shown by the http client).
 */
export function useConfirmRemove() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  return (title: string, remove: () => Promise<unknown>, refresh: () => Promise<unknown> | void) =>
    modal.confirm({
      title,
      okText: t('workbench.config.remove'),
      okButtonProps: { danger: true },
      cancelText: t('workbench.config.cancel'),
      onOk: async () => {
        try {
          await remove();
        } catch {
          // Refused (a data source still read by a column …): the http client has shown the server's reason;
          // nothing was deleted, so no success and the list stays as it is.
          return;
        }
        void message.success(t('workbench.config.removed'));
        await refresh();
      },
    });
}
