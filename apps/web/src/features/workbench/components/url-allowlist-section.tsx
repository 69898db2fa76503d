import { Alert, Button, Select, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { HttpError } from '../../../lib/http/errors.ts';
import { saveUrlAllowlist, urlAllowlistQueryKey, useUrlAllowlist } from '../api/url-allowlist.ts';
import { normalizeAllowHosts } from '../lib/allow-host.ts';

/**
 * The outbound url allow-list (commonTool/urlAllowlist, ADR 0008): hosts on the school's own network that
 * data sources and verifyUrl may reach although they are private, loopback or link-local. Everything else
 * stays refused. The server checks the cardBusinessConfig menu on both reading and saving.
 */
export function UrlAllowlistSection() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useUrlAllowlist();
  const [hosts, setHosts] = useState<string[]>([]);
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (list.data) setHosts(list.data);
  }, [list.data]);

  const save = async () => {
    const { hosts: clean, invalid } = normalizeAllowHosts(hosts);
    if (invalid.length) {
      setResult({ type: 'error', text: t('workbench.allowlist.invalid', { hosts: invalid.join(', ') }) });
      return;
    }
    setSaving(true);
    setResult(null);
    try {
      const saved = await saveUrlAllowlist(clean);
      qc.setQueryData(urlAllowlistQueryKey, saved);
      setHosts(saved);
      setResult({ type: 'success', text: t('workbench.config.saved') });
    } catch (err) {
      setResult({
        type: 'error',
        text: err instanceof HttpError ? serverText(err.msg) : String((err as Error)?.message ?? err),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="wb-allowlist-title">
      <h2 id="wb-allowlist-title" style={{ fontSize: 16 }}>
        {t('workbench.allowlist.title')}
      </h2>
      <p className="wb-hint">{t('workbench.allowlist.hint')}</p>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message={list.error instanceof HttpError ? serverText(list.error.msg) : t('workbench.loadFailed')}
        />
      ) : (
        <Space wrap>
          <Select
            mode="tags"
            aria-label={t('workbench.allowlist.title')}
            data-testid="url-allowlist"
            style={{ width: 420, maxWidth: '100%' }}
            value={hosts}
            loading={list.isPending}
            suffixIcon={null}
            notFoundContent={null}
            tokenSeparators={[',', '，', ' ', '\n']}
            placeholder={t('workbench.allowlist.placeholder')}
            onChange={(v: string[]) => {
              setResult(null);
              setHosts(v);
            }}
          />
          <Button type="primary" loading={saving} disabled={list.isPending} onClick={() => void save()}>
            {t('workbench.config.save')}
          </Button>
        </Space>
      )}
      {result && (
        <Alert
          style={{ marginTop: 8 }}
          type={result.type}
          showIcon
          message={result.text}
          role={result.type === 'error' ? 'alert' : 'status'}
        />
      )}
    </section>
  );
}
