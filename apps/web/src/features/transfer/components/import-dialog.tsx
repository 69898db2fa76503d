import { RULE_FAIL, RULE_SKIP, RULE_UPDATE, type MatchField, type MatchFieldResult } from '@portal/contracts/transfer';
import { Button, Checkbox, Form, InputNumber, Modal, Radio, Select, Typography, Upload, type UploadFile } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import {
  downloadTemplate,
  matchFields,
  startImport,
  uploadImportFile,
  type TransferUrls,
} from '../api/transfer-urls.ts';
import {
  checkFieldsError,
  failureAction,
  fieldLabel,
  headerLineError,
  importFileError,
  matchError,
  ruleError,
  transferText,
} from '../lib/validation.ts';
import { FailureNotice, failureOf, type Failure } from './failure-notice.tsx';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { ProgressDialog } from './progress-dialog.tsx';
import { clearable } from '../../../components/clearable.tsx';
import { useToast } from '../../../components/toast.tsx';

/**
 * 2.7: file (one), header row, then field matching between spreadsheet columns and system fields, the duplicate
 * rule and check fields; a template download; the progress dialog offers the failed rows.
 */
export type ImportDialogProps = { urls: TransferUrls; onClose: () => void; onDone?: () => void };

function ImportDialogBody({ urls, onClose, onDone }: ImportDialogProps) {
  const { t } = useTranslation();
  const message = useToast();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [headerLine, setHeaderLine] = useState<number | null>(1);
  const [step, setStep] = useState<1 | 2>(1);
  const [touched, setTouched] = useState(false);
  const [fileKey, setFileKey] = useState<string | null>(null);
  const [match, setMatch] = useState<MatchFieldResult | null>(null);
  const [matrix, setMatrix] = useState<MatchField[]>([]);
  const [ruleNum, setRuleNum] = useState<number | null>(null);
  const [checkFields, setCheckFields] = useState<string[]>([]);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [jobKey, setJobKey] = useState<string | null>(null);

  const fail = (err: unknown) => {
    const f = failureOf(err, t('transfer.operationFailed'));
    if (failureAction(f.status, false) === 'close') {
      message.error(transferText(f.msg));
      onClose();
    } else setFailure(f);
  };
  const fileList = files.map((f) => ({ name: f.name, size: f.size ?? 0 }));
  const fileError = touched ? transferText(importFileError(fileList)) : null;
  const lineError = touched ? transferText(headerLineError(headerLine)) : null;

  const next = async () => {
    setTouched(true);
    if (importFileError(fileList) || headerLineError(headerLine)) return;
    setBusy(true);
    setFailure(null);
    try {
      const up = await uploadImportFile(urls, files[0]!.originFileObj as File);
      const m = await matchFields(urls, { fileKey: up.fileKey, headerLine: headerLine! });
      setFileKey(up.fileKey);
      setMatch(m);
      setMatrix(m.matchFieldList);
      setCheckFields(m.dbFieldList.filter((f) => f.required && f.checkable).map((f) => f.id));
      setTouched(false);
      setStep(2);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const matched = (dbField: string) => matrix.find((m) => m.dbField === dbField)?.excelField;
  const setMatched = (dbField: string, excelField: string | undefined) =>
    setMatrix((list) => [
      ...list.filter((m) => m.dbField !== dbField),
      ...(excelField ? [{ excelField, dbField }] : []),
    ]);

  const submit = async () => {
    setTouched(true);
    if (!match || ruleError(ruleNum) || checkFieldsError(checkFields) || matchError(match.dbFieldList, matrix)) return;
    setBusy(true);
    setFailure(null);
    try {
      const { redisKey } = await startImport(urls, {
        fileKey: fileKey!,
        headerLine: headerLine!,
        ruleNum: ruleNum!,
        errorRegx: checkFields.join(','),
        matrixType: matrix,
      });
      setJobKey(redisKey);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  if (jobKey)
    return (
      <ProgressDialog
        kind="import"
        urls={urls}
        jobKey={jobKey}
        onClose={() => {
          onDone?.();
          onClose();
        }}
      />
    );

  const step2Errors =
    touched && match
      ? [ruleError(ruleNum), checkFieldsError(checkFields), matchError(match.dbFieldList, matrix)].map((e) =>
          transferText(e),
        )
      : [null, null, null];
  return (
    <Modal
      open
      width={720}
      title={t('transfer.importTitle')}
      onCancel={onClose}
      footer={[
        <Button key="template" type="link" onClick={() => void downloadTemplate(urls).catch(fail)}>
          {t('transfer.templateDownload')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('transfer.cancel')}
        </Button>,
        step === 2 && (
          <Button key="back" onClick={() => setStep(1)}>
            {t('transfer.previous')}
          </Button>
        ),
        step === 1 ? (
          <Button key="next" type="primary" loading={busy} onClick={() => void next()}>
            {t('transfer.next')}
          </Button>
        ) : (
          <Button key="import" type="primary" loading={busy} onClick={() => void submit()}>
            {t('transfer.import')}
          </Button>
        ),
      ]}
    >
      {step === 1 ? (
        <Form layout="vertical" requiredMark>
          <Form.Item
            label={t('transfer.file')}
            required
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? t('transfer.fileHint')}
          >
            <Upload
              accept=".xls,.xlsx"
              multiple
              fileList={files}
              beforeUpload={() => false}
              onChange={({ fileList: next }) => setFiles(next)}
            >
              <Button>{t('transfer.chooseFile')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item
            label={t('transfer.headerLine')}
            required
            htmlFor="transfer-header-line"
            validateStatus={lineError ? 'error' : undefined}
            help={lineError}
          >
            <InputNumber
              id="transfer-header-line"
              value={headerLine}
              onChange={(v) => setHeaderLine(v as number | null)}
            />
          </Form.Item>
        </Form>
      ) : (
        <Form layout="vertical" requiredMark>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('transfer.fieldMatching')}
          </Typography.Title>
          <DataTable
            label={t('transfer.fieldMatching')}
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={match?.dbFieldList ?? []}
            columns={[
              {
                title: t('transfer.dbField'),
                dataIndex: 'field',
                render: (v: string, f) => (f.required ? `* ${fieldLabel(v)}` : fieldLabel(v)),
              },
              {
                title: t('transfer.excelField'),
                render: (_, f) => (
                  <Select
                    aria-label={fieldLabel(f.field)}
                    allowClear={clearable(t)}
                    style={{ width: 240 }}
                    placeholder={t('transfer.notMatched')}
                    value={matched(f.id)}
                    onChange={(v?: string) => setMatched(f.id, v)}
                    options={(match?.excelField ?? []).map((c) => ({ label: c, value: c }))}
                  />
                ),
              },
            ]}
          />
          {step2Errors[2] && (
            <Typography.Text type="danger" role="alert">
              {step2Errors[2]}
            </Typography.Text>
          )}
          <Form.Item
            label={t('transfer.ruleNum')}
            required
            style={{ marginTop: 16 }}
            validateStatus={step2Errors[0] ? 'error' : undefined}
            help={step2Errors[0]}
          >
            <Radio.Group
              aria-label={t('transfer.ruleNum')}
              value={ruleNum}
              onChange={(e) => setRuleNum(e.target.value as number)}
              options={[
                { label: t('transfer.ruleSkip'), value: RULE_SKIP },
                { label: t('transfer.ruleUpdate'), value: RULE_UPDATE },
                { label: t('transfer.ruleFail'), value: RULE_FAIL },
              ]}
            />
          </Form.Item>
          <Form.Item
            label={t('transfer.checkFields')}
            required
            validateStatus={step2Errors[1] ? 'error' : undefined}
            help={step2Errors[1]}
          >
            <Checkbox.Group
              aria-label={t('transfer.checkFields')}
              value={checkFields}
              onChange={(v) => setCheckFields(v as string[])}
              options={(match?.dbFieldList ?? [])
                .filter((f) => f.checkable)
                .map((f) => ({ label: fieldLabel(f.field), value: f.id }))}
            />
          </Form.Item>
        </Form>
      )}
      {failure && <FailureNotice failure={failure} />}
    </Modal>
  );
}

export function ImportDialog(props: ImportDialogProps) {
  return (
    <AccessibleTheme>
      <ImportDialogBody {...props} />
    </AccessibleTheme>
  );
}
