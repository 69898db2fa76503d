import { Button, Form, Input, Modal, Space, Switch, Tag, Tooltip } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { CUSTOM_NAVIGATION_LIMIT } from '@portal/contracts/constants';
import { NavigationSubmit, WORKBENCH_MESSAGES, type NavigationItem } from '@portal/contracts/workbench';
import { useId, useState } from 'react';
import { actionOn } from '../../../lib/action-on.ts';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { HttpError } from '../../../lib/http/errors.ts';
import { getNavigationList, navigationListQueryKey, useNavigationList } from '../api/get-navigation-list.ts';
import { topMenuQueryKey } from '../api/get-top-menu.ts';
import { removeNavigation } from '../api/remove-navigation.ts';
import { useConfirmRemove } from '../lib/use-confirm-remove.ts';
import { useOfferReload } from '../lib/use-offer-reload.ts';
import { submitNavigation } from '../api/submit-navigation.ts';
import '../workbench.css';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { useToast } from '../../../components/toast.tsx';

type Values = {
  navigationName: string;
  navigationNameEn?: string;
  configPath: string;
  embedded: boolean;
  isAuto: boolean;
};

/** /home/userFrameConfig/addNavigation: navigation items; at most 6 custom ones (the server refuses the 7th). */
export function NavigationConfigPage() {
  const { t } = useTranslation();
  const confirmRemove = useConfirmRemove();
  const offerReload = useOfferReload();
  const message = useToast();
  const qc = useQueryClient();
  const list = useNavigationList();
  const [editing, setEditing] = useState<NavigationItem | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: navigationListQueryKey }),
      qc.invalidateQueries({ queryKey: topMenuQueryKey }),
    ]);
  const customCount = (list.data ?? []).filter((n) => n.isBuilt === 2).length;
  // 5: at the limit adding is refused before the form, not by the server after it is filled in.
  const atLimit = customCount >= CUSTOM_NAVIGATION_LIMIT;
  const limitId = useId();

  const open = (item: NavigationItem | 'new') => {
    setEditing(item);
    form.setFieldsValue(
      item === 'new'
        ? { navigationName: '', navigationNameEn: '', configPath: '', embedded: true, isAuto: true }
        : { ...item, navigationNameEn: item.navigationNameEn ?? '', isAuto: item.isAuto === 1 },
    );
  };
  const save = async (v: Values) => {
    const existing = editing !== 'new' && editing ? editing : null;
    try {
      await submitNavigation({
        // An edit names the version the dialog opened on: refused (409) when the item changed since (ADR 0075).
        ...(existing ? { id: existing.id, sort: existing.sort, version: existing.version } : {}),
        navigationName: v.navigationName,
        navigationNameEn: v.navigationNameEn ?? '',
        configPath: v.configPath,
        embedded: v.embedded,
        isAuto: v.isAuto ? 1 : 0,
      });
      void message.success(t('workbench.config.saved'));
      setEditing(null);
      await refresh();
    } catch (err) {
      const reload = async () => {
        const fresh = (await getNavigationList()).find((n) => n.id === existing?.id);
        await refresh();
        if (fresh) open(fresh);
        else setEditing(null);
      };
      if (existing && offerReload(err, reload)) return;
      // 5: the 7th custom item is refused with '最多可添加6个'.
      void message.error(err instanceof HttpError ? serverText(err.msg) : String(err));
    }
  };
  const builtIn = editing !== 'new' && editing?.isBuilt === 1;

  return (
    <div className="wb-config">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <h1 style={{ fontSize: 20, margin: 0 }}>{t('workbench.config.navigation')}</h1>
        <Space>
          <span id={limitId} style={{ color: '#595959' }}>
            {t('workbench.config.navigationLimitHint')} ({customCount}/{CUSTOM_NAVIGATION_LIMIT})
          </span>
          {/* A disabled button gets no pointer or focus events: the span carries the tooltip and a tab stop for it. */}
          <Tooltip title={atLimit ? t('workbench.config.navigationLimitHint') : undefined} trigger={['hover', 'focus']}>
            <span tabIndex={atLimit ? 0 : undefined} aria-describedby={atLimit ? limitId : undefined}>
              <Button
                type="primary"
                disabled={atLimit}
                aria-describedby={atLimit ? limitId : undefined}
                onClick={() => open('new')}
              >
                {t('workbench.config.addNavigation')}
              </Button>
            </span>
          </Tooltip>
        </Space>
      </Space>
      <DataTable
        label={t('workbench.config.navigation')}
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isPending}
        dataSource={list.data ?? []}
        columns={[
          { title: t('workbench.config.navigationName'), dataIndex: 'navigationName' },
          { title: t('workbench.config.englishName'), dataIndex: 'navigationNameEn' },
          { title: t('workbench.config.configPath'), dataIndex: 'configPath' },
          {
            title: '',
            key: 'b',
            render: (_, n) =>
              n.isBuilt === 1 ? (
                <Tag className="wb-tag-info">{t('workbench.config.builtIn')}</Tag>
              ) : (
                <Tag>{t('workbench.config.custom')}</Tag>
              ),
          },
          {
            title: t('workbench.config.enabled'),
            key: 'auto',
            render: (_, n) => (n.isAuto === 1 ? t('workbench.config.enabled') : '—'),
          },
          {
            title: t('workbench.config.actions'),
            key: 'a',
            render: (_, n) => (
              <Space size="small">
                <Button
                  size="small"
                  aria-label={actionOn(t('workbench.config.edit'), n.navigationName)}
                  onClick={() => open(n)}
                >
                  {t('workbench.config.edit')}
                </Button>
                {n.isBuilt === 2 && (
                  <Button
                    size="small"
                    danger
                    aria-label={actionOn(t('workbench.config.remove'), n.navigationName)}
                    onClick={() =>
                      confirmRemove(
                        t('workbench.config.removeNavigationConfirm', { name: n.navigationName }),
                        () => removeNavigation([n.id]),
                        refresh,
                      )
                    }
                  >
                    {t('workbench.config.remove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'workbench.config.addNavigation' : 'workbench.config.editNavigation')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('workbench.config.save')}
        cancelText={t('workbench.config.cancel')}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item
            name="navigationName"
            label={t('workbench.config.navigationName')}
            rules={[
              { required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.navigationNameRequired) },
            ]}
          >
            {/* Counted, so a name cut at the limit is seen (it was cut without a word). */}
            <Input maxLength={maxLengthOf(NavigationSubmit.shape.navigationName)} showCount />
          </Form.Item>
          <Form.Item name="navigationNameEn" label={t('workbench.config.englishName')}>
            <Input maxLength={maxLengthOf(NavigationSubmit.shape.navigationNameEn)} />
          </Form.Item>
          <Form.Item
            name="configPath"
            label={t('workbench.config.configPath')}
            rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.linkRequired) }]}
          >
            <Input
              maxLength={maxLengthOf(NavigationSubmit.shape.configPath)}
              disabled={builtIn}
              placeholder="https://"
            />
          </Form.Item>
          <Form.Item name="embedded" label={t('workbench.config.embedded')} valuePropName="checked">
            <Switch disabled={builtIn} />
          </Form.Item>
          <Form.Item name="isAuto" label={t('workbench.config.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/** serviceHallConfig / processServiceCenterConfig / applicationServiceCenterConfig: the center's built-in navigation item. */
export function CenterConfigPage({
  navigationType,
  titleKey,
}: {
  navigationType: NavigationItem['navigationType'];
  titleKey: string;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const qc = useQueryClient();
  const list = useNavigationList();
  const offerReload = useOfferReload();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: navigationListQueryKey }),
      qc.invalidateQueries({ queryKey: topMenuQueryKey }),
    ]);
  const item = (list.data ?? []).find((n) => n.navigationType === navigationType && n.isBuilt === 1);
  return (
    <div className="wb-config">
      <h1 style={{ fontSize: 20, margin: 0 }}>{t(titleKey)}</h1>
      <p>{t('workbench.config.centerNavigation')}</p>
      {item && (
        <Form
          // Read again (after a save, another administrator's change, or a reload), the form shows the item as it is.
          key={`${item.id}:${item.version ?? ''}`}
          layout="inline"
          initialValues={{
            navigationName: item.navigationName,
            navigationNameEn: item.navigationNameEn ?? '',
            isAuto: item.isAuto === 1,
          }}
          onFinish={(v: { navigationName: string; navigationNameEn?: string; isAuto: boolean }) =>
            void submitNavigation({
              id: item.id,
              navigationName: v.navigationName,
              navigationNameEn: v.navigationNameEn ?? '',
              configPath: item.configPath,
              isAuto: v.isAuto ? 1 : 0,
              sort: item.sort,
              embedded: false,
              version: item.version,
            }).then(
              () => {
                void message.success(t('workbench.config.saved'));
                return refresh();
              },
              (err: unknown) => {
                if (!offerReload(err, refresh))
                  void message.error(err instanceof HttpError ? serverText(err.msg) : String(err));
              },
            )
          }
        >
          <Form.Item
            name="navigationName"
            label={t('workbench.config.navigationName')}
            rules={[
              { required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.navigationNameRequired) },
            ]}
          >
            <Input maxLength={maxLengthOf(NavigationSubmit.shape.navigationName)} />
          </Form.Item>
          <Form.Item name="navigationNameEn" label={t('workbench.config.englishName')}>
            <Input maxLength={maxLengthOf(NavigationSubmit.shape.navigationNameEn)} />
          </Form.Item>
          <Form.Item name="isAuto" label={t('workbench.config.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button htmlType="submit" type="primary">
            {t('workbench.config.save')}
          </Button>
        </Form>
      )}
    </div>
  );
}
