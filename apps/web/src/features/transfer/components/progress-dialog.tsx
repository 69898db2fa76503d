import { PROGRESS_POLL_MS } from '@portal/contracts/constants';
import type { JobProgress } from '@portal/contracts/transfer';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal, Progress, Space, theme, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { downloadFailedRows, getProgress, type TransferUrls } from '../api/transfer-urls.ts';
import { durationText, failureAction, transferText } from '../lib/validation.ts';
import { FailureNotice, failureOf, type Failure } from './failure-notice.tsx';
import { useToast } from '../../../components/toast.tsx';

/**
 * 4.7: after submit, a progress dialog polls every 3 s until the job has finished; close is disabled while it
 * runs and enabled when it is done; the title says e.g. '导入成功' or '导出失败', and for an import with failed rows
 * how many rows succeeded and failed, with a warning icon (some went in) or an error icon (none did), never a tick.
 */
export function ProgressDialog({
  kind,
  urls,
  jobKey,
  onClose,
}: {
  kind: 'import' | 'export';
  urls: TransferUrls;
  jobKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const { token } = theme.useToken();
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const p = await getProgress(urls, jobKey);
        if (stopped) return;
        setProgress(p);
        if (p.finished) return;
      } catch (err) {
        if (stopped) return;
        const f = failureOf(err, t('transfer.operationFailed'));
        const action = failureAction(f.status, true);
        if (action === 'close') {
          message.error(transferText(f.msg));
          closeRef.current();
          return;
        }
        if (action === 'show') {
          setFailure(f);
          return;
        }
      }
      timer = setTimeout(() => void poll(), PROGRESS_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [urls, jobKey, message, t]);

  const done = !!failure || !!progress?.finished;
  // An import with failed rows is not a success: 'partial' when some rows went in, 'failed' when none did.
  const outcome: 'running' | 'succeeded' | 'partial' | 'failed' = failure
    ? 'failed'
    : !done
      ? 'running'
      : (progress?.outcome ?? (progress?.status === 'failed' ? 'failed' : 'succeeded'));
  const failed = outcome === 'failed';
  const title = !done
    ? t(kind === 'import' ? 'transfer.importRunning' : 'transfer.exportRunning')
    : kind === 'import' && outcome === 'partial'
      ? t('transfer.importPartial', { successNum: progress!.successNum, failNum: progress!.failNum })
      : kind === 'import' && failed && !failure && progress?.status === 'finished' && progress.failNum > 0
        ? t('transfer.importAllFailed', { failNum: progress.failNum })
        : t(`transfer.${kind}${failed ? 'Failed' : 'Succeeded'}`);
  const icon =
    outcome === 'succeeded' ? (
      <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} />
    ) : outcome === 'partial' ? (
      <ExclamationCircleFilled aria-hidden style={{ color: token.colorWarning }} />
    ) : outcome === 'failed' ? (
      <CloseCircleFilled aria-hidden style={{ color: token.colorError }} />
    ) : null;

  return (
    <Modal
      open
      title={
        icon ? (
          <Space size={8}>
            {icon}
            <span>{title}</span>
          </Space>
        ) : (
          title
        )
      }
      closable={done}
      mask={{ closable: false }}
      keyboard={done}
      onCancel={done ? onClose : undefined}
      footer={
        <Button onClick={onClose} disabled={!done}>
          {t('transfer.close')}
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Progress
          percent={progress?.finishRate ?? 0}
          status={
            failed ? 'exception' : outcome === 'partial' ? 'normal' : outcome === 'succeeded' ? 'success' : 'active'
          }
          strokeColor={outcome === 'partial' ? token.colorWarning : undefined}
          aria-label={title}
        />
        {progress && (
          <Typography.Text>
            {t('transfer.progressSummary', { totalNum: progress.totalNum, finishNum: progress.finishNum })}
          </Typography.Text>
        )}
        {progress && kind === 'import' && <Typography.Text>{t('transfer.importSummary', progress)}</Typography.Text>}
        {progress && (
          <Typography.Text type="secondary">
            {t('transfer.useTime', { time: durationText(progress.useTimeStr) })}
            {!done && ` · ${t('transfer.remainTime', { time: durationText(progress.tryMathRemainTime) })}`}
          </Typography.Text>
        )}
        {failure && <FailureNotice failure={failure} />}
        {!failure && progress?.status === 'failed' && (
          <FailureNotice
            failure={{ status: 0, msg: progress.errorMsg ?? t('transfer.operationFailed'), msgDetail: '' }}
          />
        )}
        {progress?.result?.url && (
          <a href={progress.result.url} download>
            {t('transfer.download')}
          </a>
        )}
        {progress?.errorKey && (
          <Button
            onClick={() =>
              void downloadFailedRows(urls, progress.errorKey!).catch((e: Error) =>
                message.error(e.message || t('transfer.operationFailed')),
              )
            }
          >
            {t('transfer.errorDownload')}
          </Button>
        )}
      </Space>
    </Modal>
  );
}
