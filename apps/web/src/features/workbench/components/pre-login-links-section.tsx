import { Button, Form, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PRE_LOGIN_LINKS_MAX, PreLoginLink } from '@portal/contracts/workbench';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useToast } from '../../../components/toast.tsx';
import { submitPreLoginLinks, usePreLoginLinks } from '../api/pre-login-links.ts';
import { workbenchKeys } from '../api/query-keys.ts';
import { useOfferReload } from '../lib/use-offer-reload.ts';
import { LinkListItems } from './link-list-items.tsx';

type Link = { name: string; nameEn?: string; url: string };

/**
 * 页头链接 of the pre-login page: the links at the landing page's top right, each with its optional English (ADR
 * 0074), added, removed and put in order, saved as a whole. The save names the version it read (ADR 0075).
 */
export function PreLoginLinksSection() {
  const { t } = useTranslation();
  const message = useToast();
  const qc = useQueryClient();
  const offerReload = useOfferReload();
  const links = usePreLoginLinks();
  const [form] = Form.useForm<{ links: Link[] }>();
  // The version the form's links were read at: a save sends it, so another administrator's save meanwhile is not lost.
  const [version, setVersion] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!links.data) return;
    form.setFieldsValue({ links: links.data.links });
    setVersion(links.data.version);
  }, [links.data, form]);
  const save = async (v: { links?: Link[] }) => {
    setSaving(true);
    try {
      const saved = await submitPreLoginLinks({ links: v.links ?? [], version });
      qc.setQueryData(workbenchKeys.preLoginLinks(), saved);
      void message.success(t('workbench.config.saved'));
    } catch (err) {
      offerReload(err, () => qc.invalidateQueries({ queryKey: workbenchKeys.preLoginLinks() }));
    } finally {
      setSaving(false);
    }
  };
  if (links.isPending) return <Skeleton active />;
  return (
    <section aria-labelledby="pre-login-links" style={{ marginTop: 24 }}>
      <h2 id="pre-login-links" style={{ fontSize: 16 }}>
        {t('workbench.config.headerLinks')}
      </h2>
      <p className="wb-hint">{t('workbench.config.headerLinksHint')}</p>
      <Form form={form} onFinish={(v) => void save(v)}>
        <LinkListItems name="links" max={PRE_LOGIN_LINKS_MAX} fields={PreLoginLink.shape} />
        <Button
          htmlType="submit"
          type="primary"
          loading={saving}
          style={{ marginTop: 12 }}
          aria-label={`${t('workbench.config.save')} ${t('workbench.config.headerLinks')}`}
        >
          {t('workbench.config.save')}
        </Button>
      </Form>
    </section>
  );
}
