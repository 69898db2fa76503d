import { DATA_RANGE_ALL, DATA_RANGE_CHOSEN, DATA_RANGE_SEARCH, ExportFileName } from '@portal/contracts/transfer';
import { Button, Checkbox, Form, Input, Modal, Radio, Typography } from 'antd';
import { useId, useState } from 'react';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useExportCount, useExportFields } from '../api/transfer-queries.ts';
import { startExport, type TransferUrls } from '../api/transfer-urls.ts';
import {
  defaultExportName,
  exportFieldParam,
  exportFieldsError,
  failureAction,
  fieldLabel,
  fileNameError,
  transferText,
} from '../lib/validation.ts';
import { FailureNotice, failureOf, type Failure } from './failure-notice.tsx';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { ProgressDialog } from './progress-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';

export type ExportDialogProps = {
  urls: TransferUrls;
  defaultFileName: string;
  /** The current search (formInline), for the 'current search result' scope. */
  search?: Record<string, unknown>;
  /** Ids of the ticked rows, for the 'ticked rows' scope. */
  chosenIds?: string[];
  onClose: () => void;
};

/** The contract's longest export file name (section 5: 文件名称不可超过30个字符). */
const FILE_NAME_MAX = maxLengthOf(ExportFileName);

/** 2.6: file name, fields to export, data scope; the count of rows; export disabled when it is 0. */
function ExportDialogBody({ urls, defaultFileName, search = {}, chosenIds = [], onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const message = useToast();
  const [fileName, setFileName] = useState(() => defaultExportName(defaultFileName));
  const [chosenFields, setChosenFields] = useState<string[] | null>(null);
  const [dataRange, setDataRange] = useState(chosenIds.length ? DATA_RANGE_CHOSEN : DATA_RANGE_ALL);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [jobKey, setJobKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fields = useExportFields(urls);
  const selected = chosenFields ?? (fields.data ?? []).map((f) => f.id);
  const countBody = {
    dataRange,
    formInline: dataRange === DATA_RANGE_SEARCH ? search : undefined,
    choiceDataIds: dataRange === DATA_RANGE_CHOSEN ? chosenIds : undefined,
  };
  const count = useExportCount(urls, countBody);

  const nameErrorId = useId();
  // A name over the limit is kept as typed or pasted (not cut) and refused at once with section 5's message.
  const nameError = touched || fileName.trim().length > FILE_NAME_MAX ? transferText(fileNameError(fileName)) : null;
  const fieldError = touched ? transferText(exportFieldsError(selected)) : null;

  const submit = async () => {
    setTouched(true);
    if (fileNameError(fileName) || exportFieldsError(selected)) return;
    setBusy(true);
    setFailure(null);
    try {
      const { redisKey } = await startExport(urls, {
        fileName: fileName.trim(),
        dataRange,
        exportField: exportFieldParam(fields.data ?? [], selected),
        ...(countBody.formInline ? { formInline: countBody.formInline } : {}),
        ...(countBody.choiceDataIds ? { choiceDataIds: countBody.choiceDataIds } : {}),
      });
      setJobKey(redisKey);
    } catch (err) {
      const f = failureOf(err, t('transfer.operationFailed'));
      if (failureAction(f.status, false) === 'close') {
        message.error(transferText(f.msg));
        onClose();
      } else setFailure(f);
    } finally {
      setBusy(false);
    }
  };

  if (jobKey) return <ProgressDialog kind="export" urls={urls} jobKey={jobKey} onClose={onClose} />;
  const total = count.data ?? 0;
  return (
    <Modal
      open
      title={t('transfer.exportTitle')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('transfer.cancel')}
        </Button>,
        <Button key="export" type="primary" loading={busy} disabled={total === 0} onClick={() => void submit()}>
          {t('transfer.export')}
        </Button>,
      ]}
    >
      <Form layout="vertical" requiredMark>
        <Form.Item
          label={t('transfer.fileName')}
          required
          htmlFor="transfer-file-name"
          validateStatus={nameError ? 'error' : undefined}
          help={nameError && <span id={nameErrorId}>{nameError}</span>}
        >
          {/* Counted as it is sent: spaces around the name are trimmed, so they do not count towards the 30. */}
          <Input
            id="transfer-file-name"
            value={fileName}
            count={{ show: true, max: FILE_NAME_MAX, strategy: (v) => v.trim().length }}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? nameErrorId : undefined}
            onChange={(e) => setFileName(e.target.value)}
            onBlur={() => setTouched(true)}
          />
        </Form.Item>
        <Form.Item
          label={t('transfer.exportFields')}
          required
          validateStatus={fieldError ? 'error' : undefined}
          help={fieldError}
        >
          <Checkbox.Group
            aria-label={t('transfer.exportFields')}
            value={selected}
            onChange={(v) => setChosenFields(v as string[])}
            options={(fields.data ?? []).map((f) => ({ label: fieldLabel(f.field), value: f.id }))}
          />
        </Form.Item>
        <Form.Item label={t('transfer.dataRange')}>
          <Radio.Group
            aria-label={t('transfer.dataRange')}
            value={dataRange}
            onChange={(e) => setDataRange(e.target.value as number)}
            options={[
              { label: t('transfer.rangeAll'), value: DATA_RANGE_ALL },
              { label: t('transfer.rangeSearch'), value: DATA_RANGE_SEARCH },
              { label: t('transfer.rangeChosen'), value: DATA_RANGE_CHOSEN, disabled: !chosenIds.length },
            ]}
          />
        </Form.Item>
        <Typography.Text data-testid="export-count">{t('transfer.count', { count: total })}</Typography.Text>
        {failure && <FailureNotice failure={failure} />}
      </Form>
    </Modal>
  );
}

export function ExportDialog(props: ExportDialogProps) {
  return (
    <AccessibleTheme>
      <ExportDialogBody {...props} />
    </AccessibleTheme>
  );
}
