import { Button, Card, ColorPicker, Form, Input, Select, Space, Switch, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_THEME_COLOR } from '@portal/contracts/constants';
import { FOOTER_LINKS_MAX, FooterSubmit, Theme, type FooterInfo, type IndexType } from '@portal/contracts/workbench';
import { useEffect, useState } from 'react';
import { useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useCardList } from '../api/get-card-list.ts';
import { footerQueryKey, useFooter } from '../api/get-footer.ts';
import { indexTypesQueryKey, useIndexTypes } from '../api/get-index-types.ts';
import { submitFooter } from '../api/submit-footer.ts';
import { LinkListItems } from './link-list-items.tsx';
import { IndexTypeDialog, IndexTypeFields } from './index-type-dialog.tsx';
import { submitIndexCards } from '../api/submit-index-cards.ts';
import { adjustIndexTypeOrder } from '../api/adjust-index-type-order.ts';
import { removeIndexTypes } from '../api/remove-index-types.ts';
import { setDefaultIndexType } from '../api/set-default-index-type.ts';
import { setIndexTypeStatus } from '../api/set-index-type-status.ts';
import { submitIndexType } from '../api/submit-index-type.ts';
import { useConfirmRemove } from '../lib/use-confirm-remove.ts';
import { useOfferReload } from '../lib/use-offer-reload.ts';
import { getTheme } from '../api/get-theme.ts';
import { submitTheme } from '../api/submit-theme.ts';
import { ConfigFileSection } from './config-file-section.tsx';
import { HolidaysConfigSection } from './holidays-config-section.tsx';
import { ServiceSpecialsConfigSection } from './service-specials-config-section.tsx';
import '../workbench.css';
import { useToast } from '../../../components/toast.tsx';

/**
 * Theme colour of the tenant: saved, then the caller's theme is reloaded into the session store so the
 * shell shows the change at once (unless the administrator picked a theme of their own).
 */
export function ThemeColorSetting() {
  const { t } = useTranslation();
  const message = useToast();
  const theme = useSession((s) => s.theme);
  const setTheme = useSession((s) => s.setTheme);
  // The tenant's theme is edited here, even when the administrator shows a theme of their own.
  const tenant = theme?.personal ? theme.tenant : theme;
  const [color, setColor] = useState(tenant?.themeColor ?? DEFAULT_THEME_COLOR);
  useEffect(() => setColor(tenant?.themeColor ?? DEFAULT_THEME_COLOR), [tenant?.themeColor]);
  const save = async () => {
    const next = {
      themeName: tenant?.themeName?.trim() || '自定义',
      themeId: tenant?.themeId?.trim() || 'custom',
      themeColor: color,
      themeImg: tenant?.themeImg ?? '',
      themeImgBorderColor: tenant?.themeImgBorderColor ?? '',
      WaitingForMeToHandleBCImg: '',
    };
    await submitTheme(next);
    // What the administrator sees next: their own theme if they chose one, else the tenant's just saved.
    setTheme(await getTheme());
    void message.success(t('workbench.config.saved'));
  };
  return (
    <Card title={<h2 className="wb-card-title">{t('workbench.config.theme')}</h2>} size="small">
      <Space>
        <ColorPicker
          value={color}
          disabledAlpha
          format="hex"
          onChange={(c) => setColor(c.toHexString())}
          showText
          aria-label={t('workbench.config.theme')}
        />
        <Input
          aria-label={t('workbench.config.theme')}
          data-testid="theme-color-input"
          value={color}
          maxLength={maxLengthOf(Theme.shape.themeColor)}
          style={{ width: 110 }}
          onChange={(e) => setColor(e.target.value)}
        />
        <Button type="primary" onClick={() => void save().catch(() => undefined)}>
          {t('workbench.config.save')}
        </Button>
      </Space>
      <p style={{ color: '#595959', marginBottom: 0 }}>{t('workbench.config.themeHint')}</p>
    </Card>
  );
}

/** Footer editing (indexfooterinfo/submit). */
export function FooterSetting() {
  const { t } = useTranslation();
  const message = useToast();
  const qc = useQueryClient();
  const footer = useFooter();
  const [form] = Form.useForm<FooterInfo>();
  useEffect(() => {
    if (footer.data) form.setFieldsValue(footer.data);
  }, [footer.data, form]);
  const save = async (v: FooterInfo) => {
    await submitFooter({ ...v, links: v.links ?? [] });
    await qc.invalidateQueries({ queryKey: footerQueryKey });
    void message.success(t('workbench.config.saved'));
  };
  return (
    <Card title={<h2 className="wb-card-title">{t('workbench.config.footer')}</h2>} size="small">
      <Form form={form} layout="vertical" onFinish={(v) => void save(v).catch(() => undefined)}>
        {(['copyright', 'address', 'phone', 'email'] as const).map((k) => (
          <Form.Item key={k} name={k} label={t(`workbench.config.${k}`)}>
            <Input maxLength={k === 'phone' ? 50 : 200} />
          </Form.Item>
        ))}
        <Form.Item label={t('workbench.config.footerLinks')}>
          <LinkListItems name="links" max={FOOTER_LINKS_MAX} fields={FooterSubmit.shape.links.element.shape} />
        </Form.Item>
        <Button htmlType="submit" type="primary">
          {t('workbench.config.save')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * Which cards each index type shows, in order (indextypeconfig/submitCard); the tabs' order, the default tab and
 * deleting a tab (issue 16: the default and the last tab cannot be deleted, a deletion asks first).
 */
export function HomeCardsSetting() {
  const { t } = useTranslation();
  const message = useToast();
  const qc = useQueryClient();
  const types = useIndexTypes();
  const cards = useCardList();
  const confirmRemove = useConfirmRemove();
  const offerReload = useOfferReload();
  const refresh = () => qc.invalidateQueries({ queryKey: indexTypesQueryKey });
  const list = types.data ?? [];
  const text = useConfiguredText();
  /** A tab's name in the interface's language (ADR 0074). */
  const tabName = (x: IndexType) => text(x.typeName, x.typeNameEn);
  const [editingTab, setEditingTab] = useState<IndexType | null>(null);
  // The card list version (ADR 0075) a tab's form holds once the administrator changed it: the form keeps the list it
  // was loaded with, and saving sends that version, so a card another administrator put on the tab meanwhile is not
  // dropped (409, and the offer to reload). An untouched form follows the tab as it is read.
  const [pinned, setPinned] = useState<Record<string, string | undefined>>({});
  const pin = (type: IndexType) => setPinned((p) => (type.id in p ? p : { ...p, [type.id]: type.cardsVersion }));
  const unpin = (id: string) =>
    setPinned((p) => {
      const { [id]: _gone, ...rest } = p;
      return rest;
    });
  const saveCards = async (type: IndexType, cardIds: string[]) => {
    const version = type.id in pinned ? pinned[type.id] : type.cardsVersion;
    try {
      await submitIndexCards(type.id, cardIds, version);
    } catch (err) {
      offerReload(err, async () => {
        unpin(type.id);
        await refresh();
      });
      return;
    }
    void message.success(t('workbench.config.saved'));
    unpin(type.id);
    await refresh();
  };
  const move = (from: number, to: number) => {
    const ids = list.map((x) => x.id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    void adjustIndexTypeOrder(ids).then(refresh);
  };
  return (
    <Card title={<h2 className="wb-card-title">{t('workbench.config.homeCards')}</h2>} size="small">
      {list.map((type, i) => (
        <Form
          key={`${type.id}:${type.id in pinned ? pinned[type.id] : type.cardsVersion}`}
          layout="vertical"
          initialValues={{ cardIds: type.cardConfigs.map((c) => c.id) }}
          onValuesChange={() => pin(type)}
          onFinish={(v: { cardIds: string[] }) => void saveCards(type, v.cardIds)}
        >
          <Space>
            <strong>{tabName(type)}</strong>
            <span>{type.layout === 'same' ? t('workbench.samePage') : t('workbench.separatePage')}</span>
            <Button
              size="small"
              aria-label={`${t('workbench.config.edit')} ${tabName(type)}`}
              onClick={() => setEditingTab(type)}
            >
              {t('workbench.config.edit')}
            </Button>
            <Switch
              checked={type.status === 1}
              aria-label={`${tabName(type)} ${t('workbench.config.enabled')}`}
              onChange={(on) => void setIndexTypeStatus(type.id, on ? 1 : 0).then(refresh)}
            />
            {type.isDefault ? (
              <Tag color="blue">{t('workbench.config.defaultType')}</Tag>
            ) : (
              <Button
                size="small"
                aria-label={`${t('workbench.config.makeDefault')} ${tabName(type)}`}
                onClick={() => void setDefaultIndexType(type.id).then(refresh)}
              >
                {t('workbench.config.makeDefault')}
              </Button>
            )}
            <Button
              size="small"
              disabled={i === 0}
              aria-label={`${t('workbench.config.moveUp')} ${tabName(type)}`}
              onClick={() => move(i, i - 1)}
            >
              {t('workbench.config.moveUp')}
            </Button>
            <Button
              size="small"
              disabled={i === list.length - 1}
              aria-label={`${t('workbench.config.moveDown')} ${tabName(type)}`}
              onClick={() => move(i, i + 1)}
            >
              {t('workbench.config.moveDown')}
            </Button>
            <Button
              size="small"
              danger
              disabled={type.isDefault || list.length <= 1}
              title={
                type.isDefault
                  ? t('workbench.config.removeDefaultHint')
                  : list.length <= 1
                    ? t('workbench.config.removeLastHint')
                    : undefined
              }
              aria-label={`${t('workbench.config.removeType')} ${tabName(type)}`}
              onClick={() =>
                confirmRemove(
                  t('workbench.config.removeTypeConfirm', { name: tabName(type) }),
                  () => removeIndexTypes([type.id]),
                  refresh,
                )
              }
            >
              {t('workbench.config.remove')}
            </Button>
          </Space>
          {type.isDefault && list.length > 1 && <p className="wb-hint">{t('workbench.config.removeDefaultHint')}</p>}
          <Form.Item name="cardIds" label={t('workbench.config.homeCards')}>
            <Select
              mode="multiple"
              options={(cards.data ?? []).map((c) => ({ value: c.id, label: c.basicConfig.cardName }))}
            />
          </Form.Item>
          <Button htmlType="submit">{t('workbench.config.save')}</Button>
        </Form>
      ))}
      <Form
        layout="inline"
        style={{ marginTop: 16 }}
        initialValues={{ layout: 'same' }}
        onFinish={(v: { typeName: string; typeNameEn?: string; layout: 'same' | 'separate' }) =>
          void submitIndexType(v)
            .then(refresh)
            .catch(() => undefined)
        }
      >
        <IndexTypeFields layoutWidth={200} />
        <Button htmlType="submit">{t('workbench.config.addType')}</Button>
      </Form>
      <IndexTypeDialog
        tab={editingTab}
        reload={refresh}
        onClose={(saved) => {
          setEditingTab(null);
          if (saved) void refresh();
        }}
      />
    </Card>
  );
}

/**
 * /home/userFrameConfig/homePageConfig: the configuration file (export and import), home page cards, holidays, service
 * specials, theme colour and footer.
 */
export function HomePageConfigPage() {
  const { t } = useTranslation();
  return (
    <div className="wb-config">
      <h1 style={{ fontSize: 20, margin: 0 }}>{t('pages.homePageConfig')}</h1>
      <ConfigFileSection />
      <ThemeColorSetting />
      <HomeCardsSetting />
      <HolidaysConfigSection />
      <ServiceSpecialsConfigSection />
      <FooterSetting />
    </div>
  );
}
