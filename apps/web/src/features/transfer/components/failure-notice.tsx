import { Alert, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { transferText } from '../lib/validation.ts';

export type Failure = { status: number; msg: string; msgDetail: string };

/** Turns whatever a call threw into the msg and msgDetail to show; '操作失败' when it carries none. */
export function failureOf(err: unknown, fallback: string): Failure {
  const e = err as { status?: number; msg?: string; msgDetail?: string; message?: string } | null;
  return { status: e?.status ?? 0, msg: e?.msg || e?.message || fallback, msgDetail: e?.msgDetail ?? '' };
}

/** Section 8: the server's msg (in the interface's language when it is one of this capability's), with its msgDetail copyable. */
export function FailureNotice({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={transferText(failure.msg) || t('transfer.operationFailed')}
      description={
        failure.msgDetail ? (
          <Typography.Text
            copyable={{ text: failure.msgDetail, tooltips: [t('transfer.copyDetail'), t('transfer.copied')] }}
            style={{ wordBreak: 'break-all' }}
          >
            {failure.msgDetail}
          </Typography.Text>
        ) : undefined
      }
    />
  );
}
