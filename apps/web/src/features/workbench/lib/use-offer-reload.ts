import { STATUS_CONFLICT } from '@portal/contracts/errors';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { App } from 'antd';
import { HttpError } from '../../../lib/http/errors.ts';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';

/** Whether a save was refused because another administrator changed the item since it was read (ADR 0075). */
export const isChangedMeanwhile = (err: unknown): err is HttpError =>
  err instanceof HttpError && err.httpStatus === STATUS_CONFLICT && err.msg === WORKBENCH_MESSAGES.changedMeanwhile;

/**
 * A save that named the version it read and met 409 changedMeanwhile (ADR 0075) says so — 该配置已被他人修改，请刷新后重试
 * — and offers to reload the item (重新加载: `reload` reads it again and puts it in the dialog, whose edits are then
 * made over what the other administrator saved). Returns whether the error was that one; any other error is left to
 * the caller.
 */
export function useOfferReload() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (err: unknown, reload: () => Promise<unknown> | void): boolean => {
    if (!isChangedMeanwhile(err)) return false;
    modal.confirm({
      title: serverText(WORKBENCH_MESSAGES.changedMeanwhile),
      okText: t('workbench.config.reloadItem'),
      cancelText: t('workbench.config.cancel'),
      onOk: async () => {
        await reload();
      },
    });
    return true;
  };
}
