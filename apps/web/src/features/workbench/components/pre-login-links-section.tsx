import { Button, Form, Input, Skeleton, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PRE_LOGIN_LINKS_MAX, PreLoginLink, WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { useEffect, useState } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { useToast } from '../../../components/toast.tsx';
import { submitPreLoginLinks, usePreLoginLinks } from '../api/pre-login-links.ts';
import { workbenchKeys } from '../api/query-keys.ts';
import { useOfferReload } from '../lib/use-offer-reload.ts';
import { EnglishNameItem } from './english-name-item.tsx';

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
  const typed = Form.useWatch('links', form) as Link[] | undefined;
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
  const shape = PreLoginLink.shape;
  return (
    <section aria-labelledby="pre-login-links" style={{ marginTop: 24 }}>
      <h2 id="pre-login-links" style={{ fontSize: 16 }}>
        {t('workbench.config.headerLinks')}
      </h2>
      <p className="wb-hint">{t('workbench.config.headerLinksHint')}</p>
      <Form form={form} onFinish={(v) => void save(v)}>
        <Form.List name="links">
          {(items, { add, remove, move }) => (
            <>
              {items.map((item, i) => {
                // The row's buttons name it (上移 图书馆), by its number while it has no name yet.
                const name = typed?.[item.name]?.name?.trim() || `${i + 1}`;
                return (
                  <Space key={item.key} align="baseline" wrap>
                    <Form.Item
                      name={[item.name, 'name']}
                      rules={[
                        { required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.linkNameRequired) },
                      ]}
                    >
                      <Input
                        aria-label={t('workbench.config.linkName')}
                        placeholder={t('workbench.config.linkName')}
                        maxLength={maxLengthOf(shape.name)}
                        style={{ width: 150 }}
                      />
                    </Form.Item>
                    <EnglishNameItem name={[item.name, 'nameEn']} schema={shape.nameEn} width={150} />
                    <Form.Item
                      name={[item.name, 'url']}
                      rules={[
                        { required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.linkRequired) },
                      ]}
                    >
                      <Input
                        aria-label={t('workbench.config.linkUrl')}
                        placeholder={t('workbench.config.linkUrl')}
                        maxLength={maxLengthOf(shape.url)}
                        style={{ width: 240 }}
                      />
                    </Form.Item>
                    <Button
                      size="small"
                      disabled={i === 0}
                      aria-label={`${t('workbench.config.moveUp')} ${name}`}
                      onClick={() => move(i, i - 1)}
                    >
                      {t('workbench.config.moveUp')}
                    </Button>
                    <Button
                      size="small"
                      aria-label={`${t('workbench.config.remove')} ${name}`}
                      onClick={() => remove(item.name)}
                    >
                      {t('workbench.config.remove')}
                    </Button>
                  </Space>
                );
              })}
              <div>
                <Button
                  type="dashed"
                  disabled={items.length >= PRE_LOGIN_LINKS_MAX}
                  onClick={() => add({ name: '', nameEn: '', url: '' })}
                >
                  {t('workbench.config.addLink')}
                </Button>
              </div>
            </>
          )}
        </Form.List>
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
