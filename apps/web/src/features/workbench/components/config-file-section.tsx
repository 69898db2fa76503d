import { Alert, Button, Card, Modal, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ConfigImportSummary } from '@portal/contracts/config-transfer';
import { useRef, useState } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { sessionStore, useSession } from '../../../lib/session/session-store.ts';
import { saveBlob } from '../../../lib/download.ts';
import { exportConfigFile } from '../api/export-config-file.ts';
import { importConfigFile } from '../api/import-config-file.ts';
import { getTheme } from '../api/get-theme.ts';
import { useToast } from '../../../components/toast.tsx';

/** What the server said was wrong with a call (section 8 message), else the generic failure. */
const messageOf = (err: unknown, fallback: string) =>
  serverText((err as { msg?: string }).msg ?? '') || (err instanceof Error && err.message) || fallback;

/** The counts and what was (or will be) skipped, of an import or its preview. */
function SummaryView({ summary }: { summary: ConfigImportSummary }) {
  const { t } = useTranslation();
  const n = summary.skipped.length;
  return (
    <div data-testid={summary.preview ? 'config-preview' : 'config-result'}>
      <p>
        {t('workbench.configFile.from', {
          tenant: summary.tenantName,
          time: summary.exportedAt.slice(0, 16).replace('T', ' '),
        })}
      </p>
      <p>{t('workbench.configFile.counts', summary.counts)}</p>
      {n === 0 ? (
        <p>{t('workbench.configFile.noSkip')}</p>
      ) : (
        <>
          <p>{t(summary.preview ? 'workbench.configFile.willSkip' : 'workbench.configFile.skipped', { count: n })}</p>
          <ul className="wb-config-file-skips">
            {summary.skipped.map((s, i) => (
              <li key={i}>
                {s.item}
                {t('app.colon')}
                {s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="wb-hint">{summary.leftOut}</p>
    </div>
  );
}

/**
 * Export and import of the workbench configuration file (issue 16, ADR 0031) on the home page configuration page,
 * which only holders of its menu reach (the server checks the same menu). Import: pick a .json file, see the preview
 * (counts, what will be skipped and why), confirm that it replaces the tenant's configuration, see the result.
 */
export function ConfigFileSection() {
  const { t } = useTranslation();
  const message = useToast();
  const qc = useQueryClient();
  const setTheme = useSession((st) => st.setTheme);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [pending, setPending] = useState<{ file: File; summary: ConfigImportSummary } | null>(null);
  const [result, setResult] = useState<ConfigImportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  const doExport = async () => {
    setBusy('export');
    try {
      const { blob, fileName } = await exportConfigFile();
      saveBlob(blob, fileName ?? 'workbench-config.json');
      void message.success(t('workbench.configFile.exported'));
    } finally {
      setBusy(null);
    }
  };

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    setResult(null);
    setBusy('import');
    try {
      setPending({ file, summary: await importConfigFile(file, true) });
    } catch (err) {
      setError(messageOf(err, t('workbench.configFile.failed')));
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy('import');
    try {
      const done = await importConfigFile(pending.file, false);
      setPending(null);
      setResult(done);
      await qc.invalidateQueries();
      // The shell shows the imported theme at once (unless the administrator keeps a theme of their own).
      setTheme(await getTheme().catch(() => sessionStore.getState().theme));
      void message.success(t('workbench.configFile.done'));
    } catch (err) {
      setPending(null);
      setError(messageOf(err, t('workbench.configFile.failed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={<h2 className="wb-card-title">{t('workbench.configFile.title')}</h2>} size="small">
      <p className="wb-hint">{t('workbench.configFile.hint')}</p>
      <Space wrap>
        <Button loading={busy === 'export'} onClick={() => void doExport().catch(() => undefined)}>
          {t('workbench.configFile.export')}
        </Button>
        <Button type="primary" loading={busy === 'import'} onClick={() => input.current?.click()}>
          {t('workbench.configFile.import')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          aria-label={t('workbench.configFile.chooseFile')}
          data-testid="config-file-input"
          hidden
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </Space>
      {error && (
        <Alert
          role="alert"
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={t('workbench.configFile.failed')}
          description={error}
        />
      )}
      {result && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          message={t('workbench.configFile.done')}
          description={<SummaryView summary={result} />}
        />
      )}
      <Modal
        open={!!pending}
        title={t('workbench.configFile.previewTitle')}
        okText={t('workbench.configFile.ok')}
        cancelText={t('workbench.configFile.cancel')}
        confirmLoading={busy === 'import'}
        onOk={() => void confirm()}
        onCancel={() => setPending(null)}
        destroyOnHidden
      >
        {pending && <SummaryView summary={pending.summary} />}
        <p>
          <strong>{t('workbench.configFile.confirm')}</strong>
        </p>
      </Modal>
    </Card>
  );
}
