import { Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Switch, Tag } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useQueryClient } from '@tanstack/react-query';
import {
  BasicConfig,
  CARD_TYPES,
  CardColumnSubmit,
  DATA_SOURCES,
  OtherInformation,
  StatusColor,
  TodoRemindSubmit,
  TypeListEntry,
  WORKBENCH_MESSAGES,
  PREVIEW_CARD_TYPES,
  itemLimit,
  type Card,
  type CardColumn,
  type CardType,
  type DataSourceCode,
} from '@portal/contracts/workbench';
import { useEffect, useRef, useState } from 'react';
import { STATUS_CONFLICT } from '@portal/contracts/errors';
import { HttpError } from '../../../lib/http/errors.ts';
import { actionOn } from '../../../lib/action-on.ts';
import { serverText, useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf, rangeOf, rangeRule } from '../../../lib/form-limits.ts';
import { authConfig } from '../api/auth-config.ts';
import { choseCopyColumnlist } from '../api/copy-columns.ts';
import { useApiList } from '../api/get-api-list.ts';
import { useServiceList } from '../api/get-service-list.ts';
import { getTodoRemind, type TodoRemindValue } from '../api/get-todo-remind.ts';
import { saveTodoRemind } from '../api/save-todo-remind.ts';
import { DataSourceSection } from './data-source-section.tsx';
import { UrlAllowlistSection } from './url-allowlist-section.tsx';
import { EnglishNameItem } from './english-name-item.tsx';
import { MappingDialog } from './mapping-dialog.tsx';
import { ColumnDialog } from './column-dialog.tsx';
import { ToolsSection } from './tools-section.tsx';
import { NewsSection } from './news-section.tsx';
import { cardListQueryKey, useCardList } from '../api/get-card-list.ts';
import { useColumnList } from '../api/get-column-list.ts';
import { workbenchKeys } from '../api/query-keys.ts';
import { getRoleList, useRoleList } from '../api/get-role-list.ts';
import { publishCard } from '../api/publish-card.ts';
import { removeColumns } from '../api/remove-columns.ts';
import { removeCards } from '../api/remove-cards.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useConfirmRemove } from '../lib/use-confirm-remove.ts';
import { useOfferReload } from '../lib/use-offer-reload.ts';
import { submitCard } from '../api/submit-card.ts';
import { submitColumn } from '../api/submit-column.ts';
import { createCard } from '../api/create-card.ts';
import { getCardDetail } from '../api/get-card-detail.ts';
import { cardEdit, formValuesOf, newCardFields, TYPED_CARDS, type CardFormValues } from '../lib/card-edit.ts';
import { CardPreviewDialog } from './card-preview-dialog.tsx';
import '../workbench.css';
import { useToast } from '../../../components/toast.tsx';

/** The data source a new card's first column reads. */
const DEFAULT_SOURCE: Record<CardType, DataSourceCode> = {
  waitHandle: 'todo',
  businessExpress: 'services',
  personalMatters: 'personalMatters',
  todoTable: 'todo',
  myCollection: 'favourites',
  campusNews: 'news',
  commonTools: 'tools',
  recommend: 'recommend',
  commonUse: 'services',
  announcement: 'announcement',
};

type FormValues = CardFormValues;

function RemindDialog({ columnId, onClose }: { columnId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<TodoRemindValue>();
  useEffect(() => {
    if (columnId) void getTodoRemind(columnId).then((v) => form.setFieldsValue(v));
  }, [columnId, form]);
  return (
    <Modal
      open={columnId !== null}
      title={t('workbench.config.remind')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('workbench.config.save')}
      cancelText={t('workbench.config.cancel')}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          void saveTodoRemind(columnId!, v).then(() => {
            void message.success(t('workbench.config.saved'));
            onClose();
          })
        }
      >
        <Form.Item name="field" label={t('workbench.config.remindField')}>
          <Select
            options={[
              { value: 'todoNum', label: '待办数' },
              { value: 'todoTimeoutNum', label: '超时数' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="threshold"
          label={t('workbench.config.threshold')}
          rules={[rangeRule(rangeOf(TodoRemindSubmit.shape.threshold))]}
        >
          <InputNumber precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('workbench.config.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ColumnsEditor({ card }: { card: Card }) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  const cardName = text(card.basicConfig.cardName, card.basicConfig.cardNameEn);
  const confirmRemove = useConfirmRemove();
  const qc = useQueryClient();
  const columns = useColumnList(card.id);
  const apis = useApiList();
  const [remind, setRemind] = useState<string | null>(null);
  const [mapping, setMapping] = useState<CardColumn | null>(null);
  const [editing, setEditing] = useState<CardColumn | null>(null);
  const [copyable, setCopyable] = useState<Array<{ id: string; columnName: string; cardName: string }> | null>(null);
  const [copyIds, setCopyIds] = useState<string[]>([]);
  const [form] = Form.useForm<{
    columnName: string;
    columnNameEn?: string;
    dataSource: DataSourceCode;
    category: string;
    apiId: string | null;
  }>();
  const source = Form.useWatch('dataSource', form);
  const refresh = () => qc.invalidateQueries({ queryKey: workbenchKeys.columns(card.id) });
  return (
    <section aria-label={t('workbench.config.columns')}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <h2 style={{ fontSize: 16 }}>
          {cardName} · {t('workbench.config.columns')}
        </h2>
        <Button
          size="small"
          onClick={() =>
            void choseCopyColumnlist(card.id).then((c) => {
              setCopyIds([]);
              setCopyable(c);
            })
          }
        >
          {t('workbench.config.copyColumns')}
        </Button>
      </Space>
      <DataTable
        label={`${cardName} · ${t('workbench.config.columns')}`}
        size="small"
        rowKey="id"
        pagination={false}
        loading={columns.isPending}
        dataSource={columns.data ?? []}
        columns={[
          {
            title: t('workbench.config.columnName'),
            key: 'name',
            render: (_, c) => text(c.columnName, c.columnNameEn),
          },
          {
            title: t('workbench.config.dataSource'),
            key: 'ds',
            render: (_, c) =>
              c.dataSource === 'external'
                ? (apis.data?.find((a) => a.id === c.apiId)?.apiName ?? c.dataSource)
                : c.dataSource,
          },
          { title: t('workbench.config.category'), dataIndex: 'category' },
          {
            title: t('workbench.config.actions'),
            key: 'a',
            render: (_, c) => (
              <Space size="small">
                <Button
                  size="small"
                  aria-label={actionOn(t('workbench.config.edit'), text(c.columnName, c.columnNameEn))}
                  onClick={() => setEditing(c)}
                >
                  {t('workbench.config.edit')}
                </Button>
                <Button
                  size="small"
                  aria-label={actionOn(t('workbench.config.mapping'), text(c.columnName, c.columnNameEn))}
                  onClick={() => setMapping(c)}
                >
                  {t('workbench.config.mapping')}
                </Button>
                {(c.dataSource === 'todo' || c.dataSource === 'external') && (
                  <Button
                    size="small"
                    aria-label={actionOn(t('workbench.config.remind'), text(c.columnName, c.columnNameEn))}
                    onClick={() => setRemind(c.id)}
                  >
                    {t('workbench.config.remind')}
                  </Button>
                )}
                <Button
                  size="small"
                  danger
                  aria-label={actionOn(t('workbench.config.remove'), text(c.columnName, c.columnNameEn))}
                  onClick={() =>
                    confirmRemove(
                      t('workbench.config.removeColumnConfirm', { name: text(c.columnName, c.columnNameEn) }),
                      () => removeColumns([c.id]),
                      refresh,
                    )
                  }
                >
                  {t('workbench.config.remove')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Form
        form={form}
        layout="inline"
        style={{ marginTop: 8, rowGap: 8 }}
        initialValues={{ dataSource: DEFAULT_SOURCE[card.cardType], category: '', apiId: null }}
        onFinish={(v) =>
          void submitColumn({ cardId: card.id, ...v, apiId: v.dataSource === 'external' ? v.apiId : null }).then(() => {
            form.resetFields(['columnName', 'columnNameEn', 'category']);
            return refresh();
          })
        }
      >
        <Form.Item
          name="columnName"
          label={t('workbench.config.columnName')}
          rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.columnNameRequired) }]}
        >
          <Input maxLength={maxLengthOf(CardColumnSubmit.shape.columnName)} />
        </Form.Item>
        <Form.Item name="columnNameEn" label={t('workbench.config.englishName')}>
          <Input maxLength={maxLengthOf(CardColumnSubmit.shape.columnNameEn)} />
        </Form.Item>
        <Form.Item name="dataSource" label={t('workbench.config.dataSource')}>
          <Select style={{ width: 160 }} options={DATA_SOURCES.map((d) => ({ value: d, label: d }))} />
        </Form.Item>
        {source === 'external' ? (
          <Form.Item name="apiId" label={t('workbench.config.api')} rules={[{ required: true }]}>
            <Select
              style={{ width: 180 }}
              options={(apis.data ?? []).map((a) => ({ value: a.id, label: a.apiName }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="category" label={t('workbench.config.category')}>
            <Input maxLength={maxLengthOf(CardColumnSubmit.shape.category)} />
          </Form.Item>
        )}
        <Button htmlType="submit">{t('workbench.config.addColumn')}</Button>
      </Form>
      <RemindDialog columnId={remind} onClose={() => setRemind(null)} />
      <ColumnDialog
        column={editing}
        todoCaptions={card.cardType === 'waitHandle'}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void refresh();
        }}
      />
      <MappingDialog
        column={mapping}
        onClose={(saved) => {
          setMapping(null);
          if (saved) void refresh();
        }}
      />
      <Modal
        open={copyable !== null}
        title={t('workbench.config.copyColumns')}
        onCancel={() => setCopyable(null)}
        okButtonProps={{ disabled: !copyIds.length }}
        onOk={() =>
          void choseCopyColumnlist(card.id, copyIds).then(() => {
            setCopyable(null);
            return refresh();
          })
        }
      >
        <Checkbox.Group
          aria-label={t('workbench.config.copyColumns')}
          value={copyIds}
          onChange={(v) => setCopyIds(v as string[])}
          options={(copyable ?? []).map((c) => ({ value: c.id, label: `${c.cardName} / ${c.columnName}` }))}
        />
      </Modal>
    </section>
  );
}

/** /home/cardBusinessConfig: build cards, edit their columns, preview and publish them. */
export function CardBusinessConfigPage() {
  const { t } = useTranslation();
  const text = useConfiguredText();
  /** A card's name in the interface's language: its English where an administrator gave one (ADR 0074). */
  const nameOf = (c: Card) => text(c.basicConfig.cardName, c.basicConfig.cardNameEn);
  const message = useToast();
  const qc = useQueryClient();
  const cards = useCardList();
  const roles = useRoleList();
  const [editing, setEditing] = useState<Card | null | 'new'>(null);
  const [selected, setSelected] = useState<Card | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const cardType = Form.useWatch('cardType', form);
  const rows = Form.useWatch('displayRows', form);
  const typeNames = Form.useWatch('typeNames', form) as string[] | undefined;
  const services = useServiceList();
  const refresh = () => qc.invalidateQueries({ queryKey: cardListQueryKey });
  const confirmRemoveCard = useConfirmRemove();
  const offerReload = useOfferReload();
  const canRemoveCards = useSession((s) => s.configurationMenu.some((m) => m.name === 'homePageConfig'));

  // Whether the administrator ticked or unticked a role of the card in the dialog. Not the form's isFieldTouched:
  // Ant Design's form counts setFieldsValue as touching, so open() itself "touched" the roles, and a new card opened
  // before the role list arrived was saved granted to nobody (a slow machine or network; nobody saw the card).
  const rolesChosen = useRef(false);

  // A new card is granted to every role by default. When the dialog opened before the roles arrived, they are put in
  // once they do, unless the administrator chose some meanwhile.
  useEffect(() => {
    if (editing !== 'new' || !roles.data || rolesChosen.current) return;
    if ((form.getFieldValue('roleIds') as string[] | undefined)?.length) return;
    form.setFieldsValue({ roleIds: roles.data.map((r) => r.id) });
  }, [editing, roles.data, form]);

  const open = (card: Card | 'new') => {
    rolesChosen.current = false;
    setEditing(card);
    form.setFieldsValue(
      card === 'new'
        ? {
            cardType: 'commonTools',
            cardName: '',
            cardIntroduction: '',
            cardNameEn: '',
            cardIntroductionEn: '',
            displayRows: 1,
            roleIds: (roles.data ?? []).map((r) => r.id),
            serviceIds: [],
            typeNames: [],
            colors: [],
            otherInformationList: [],
          }
        : formValuesOf(card),
    );
    // The tabs' English is a record by tab name: replaced whole, so another card's English does not stay behind.
    form.setFieldValue('typeNamesEn', card === 'new' ? {} : formValuesOf(card).typeNamesEn);
  };
  const saveCard = async (v: FormValues) => {
    const existing = editing !== 'new' && editing ? editing : null;
    // The client has shown the server's message; a name another card has (409 已有同名卡片…) is also marked on the
    // name, and the dialog stays open to change it.
    const refused = (err: unknown) => {
      // Another administrator saved the card since the dialog opened (ADR 0075): say so and offer to reload it.
      if (existing && offerReload(err, async () => open(await getCardDetail(existing.id)))) return;
      if (err instanceof HttpError && err.httpStatus === STATUS_CONFLICT)
        form.setFields([{ name: 'cardName', errors: [err.msg] }]);
    };
    try {
      if (existing) {
        // An edit writes what the administrator changed over the card as it is now (read again here), not the copy
        // the dialog opened on: another administrator's changes meanwhile stay (ADR 0071). Roles are sent only when
        // some were ticked or unticked.
        const { body, roleIds } = cardEdit(existing, await getCardDetail(existing.id), v);
        // With the version the dialog opened on: refused (409) when the card changed since (ADR 0075).
        await submitCard({ ...body, version: existing.version });
        if (roleIds) await authConfig(existing.id, roleIds);
      } else {
        // Saved before the roles arrived, a new card whose roles nobody chose is granted to every role, as the dialog
        // shows by default: the grant waits for the role list (the one on its way, or the one the page has).
        const roleIds =
          !rolesChosen.current && !v.roleIds?.length
            ? (await qc.ensureQueryData({ queryKey: workbenchKeys.roles(), queryFn: getRoleList })).map((r) => r.id)
            : (v.roleIds ?? []);
        // One call (ADR 0071): the card, its roles, its first column and its place last on the first home tab are
        // written together or not at all, so a refusal leaves no card behind to meet 409 at the next save.
        await createCard({
          ...newCardFields(v),
          roleIds,
          column: { columnName: v.cardName, dataSource: DEFAULT_SOURCE[v.cardType] },
          placement: {},
        });
      }
    } catch (err) {
      refused(err);
      return;
    }
    void message.success(t('workbench.config.saved'));
    setEditing(null);
    await refresh();
  };
  // A save may take seconds on a slow network (an edit reads the card again, then writes it and perhaps its roles):
  // the button says so meanwhile, and a second click does not save the card twice.
  const save = async (v: FormValues) => {
    setSaving(true);
    try {
      await saveCard(v);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="wb-config">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <h1 style={{ fontSize: 20, margin: 0 }}>{t('pages.cardBusinessConfig')}</h1>
        <Button type="primary" onClick={() => open('new')}>
          {t('workbench.config.newCard')}
        </Button>
      </Space>
      <DataTable
        label={t('pages.cardBusinessConfig')}
        rowKey="id"
        size="small"
        loading={cards.isPending}
        dataSource={cards.data ?? []}
        pagination={false}
        columns={[
          {
            title: t('workbench.config.cardName'),
            key: 'name',
            render: (_, c) => <span className="table-long-text">{nameOf(c)}</span>,
          },
          {
            title: t('workbench.config.cardType'),
            key: 'type',
            render: (_, c) => t(`workbench.cardTypes.${c.cardType}`),
          },
          { title: t('workbench.config.displayRows'), key: 'rows', render: (_, c) => c.basicConfig.displayRows },
          {
            title: t('workbench.config.status'),
            key: 'status',
            render: (_, c) =>
              c.status === 1 ? (
                <Tag className="wb-tag-ok">{t('workbench.config.published')}</Tag>
              ) : (
                <Tag>{t('workbench.config.unpublished')}</Tag>
              ),
          },
          {
            title: t('workbench.config.actions'),
            key: 'actions',
            render: (_, c) => (
              <Space size="small">
                <Button
                  size="small"
                  aria-label={actionOn(t('workbench.config.edit'), nameOf(c))}
                  onClick={() => open(c)}
                >
                  {t('workbench.config.edit')}
                </Button>
                <Button
                  size="small"
                  aria-label={actionOn(t('workbench.config.columns'), nameOf(c))}
                  onClick={() => setSelected(c)}
                >
                  {t('workbench.config.columns')}
                </Button>
                {/* 2.5: only tools, recommend, common use and announcement cards are previewed. */}
                <Button
                  size="small"
                  disabled={!PREVIEW_CARD_TYPES.includes(c.cardType)}
                  aria-label={actionOn(t('workbench.config.preview'), nameOf(c))}
                  onClick={() => setPreview(c.id)}
                >
                  {t('workbench.config.preview')}
                </Button>
                <Button
                  size="small"
                  type={c.status === 1 ? 'default' : 'primary'}
                  aria-label={actionOn(
                    c.status === 1 ? t('workbench.config.under') : t('workbench.config.publish'),
                    nameOf(c),
                  )}
                  onClick={() => void publishCard(c.id, c.status !== 1).then(refresh)}
                >
                  {c.status === 1 ? t('workbench.config.under') : t('workbench.config.publish')}
                </Button>
                {/* Deleting a card is indexcardconfig/remove, which the server grants with 首页配置 (homePageConfig). */}
                {canRemoveCards && (
                  <Button
                    size="small"
                    danger
                    aria-label={actionOn(t('workbench.config.remove'), nameOf(c))}
                    onClick={() =>
                      confirmRemoveCard(
                        t('workbench.config.removeCardConfirm', { name: nameOf(c) }),
                        () => removeCards([c.id]),
                        async () => {
                          if (selected?.id === c.id) setSelected(null);
                          await refresh();
                        },
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
      {selected && <ColumnsEditor key={selected.id} card={selected} />}
      <NewsSection />
      <ToolsSection />
      <DataSourceSection />
      <UrlAllowlistSection />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('workbench.config.newCard') : t('workbench.config.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('workbench.config.save')}
        cancelText={t('workbench.config.cancel')}
        confirmLoading={saving}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item name="cardType" label={t('workbench.config.cardType')} rules={[{ required: true }]}>
            <Select
              disabled={editing !== 'new'}
              options={CARD_TYPES.map((c) => ({ value: c, label: t(`workbench.cardTypes.${c}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="cardName"
            label={t('workbench.config.cardName')}
            rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.cardNameRequired) }]}
          >
            <Input maxLength={maxLengthOf(BasicConfig.shape.cardName)} />
          </Form.Item>
          <Form.Item name="cardNameEn" label={t('workbench.config.cardNameEn')}>
            <Input maxLength={maxLengthOf(BasicConfig.shape.cardNameEn)} />
          </Form.Item>
          <Form.Item name="cardIntroduction" label={t('workbench.config.cardIntroduction')}>
            <Input.TextArea maxLength={maxLengthOf(BasicConfig.shape.cardIntroduction)} />
          </Form.Item>
          <Form.Item name="cardIntroductionEn" label={t('workbench.config.cardIntroductionEn')}>
            <Input.TextArea maxLength={maxLengthOf(BasicConfig.shape.cardIntroductionEn)} />
          </Form.Item>
          <Form.Item
            name="displayRows"
            label={t('workbench.config.displayRows')}
            rules={[
              { required: true },
              rangeRule(rangeOf(BasicConfig.shape.displayRows), serverText(WORKBENCH_MESSAGES.displayRows)),
            ]}
          >
            <InputNumber precision={0} />
          </Form.Item>
          {cardType === 'personalMatters' && (
            <Form.Item label={t('workbench.config.statusColors')}>
              <Form.List name="colors">
                {(items, { add, remove }) => (
                  <>
                    {items.map((item) => (
                      <Space key={item.key} align="baseline">
                        <Form.Item name={[item.name, 'typeName']} rules={[{ required: true, whitespace: true }]}>
                          <Input
                            aria-label={t('workbench.config.statusName')}
                            maxLength={maxLengthOf(StatusColor.shape.typeName)}
                            placeholder={t('workbench.config.statusName')}
                          />
                        </Form.Item>
                        <EnglishNameItem
                          name={[item.name, 'typeNameEn']}
                          schema={StatusColor.shape.typeNameEn}
                          width={130}
                        />
                        <Form.Item
                          name={[item.name, 'colorVal']}
                          rules={[{ required: true, pattern: /^#[0-9a-fA-F]{6}$/ }]}
                        >
                          <Input
                            aria-label={t('workbench.config.statusColor')}
                            maxLength={maxLengthOf(StatusColor.shape.colorVal)}
                            placeholder="#52c41a"
                            style={{ width: 110 }}
                          />
                        </Form.Item>
                        <Button size="small" onClick={() => remove(item.name)}>
                          {t('workbench.config.remove')}
                        </Button>
                      </Space>
                    ))}
                    <Button type="dashed" onClick={() => add({ typeName: '', typeNameEn: '', colorVal: '#52c41a' })}>
                      {t('workbench.config.addStatus')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Form.Item>
          )}
          {TYPED_CARDS.includes(cardType) && (
            <Form.Item name="typeNames" label={t('workbench.config.typeList')}>
              <Select mode="tags" tokenSeparators={[',', '，']} />
            </Form.Item>
          )}
          {TYPED_CARDS.includes(cardType) && !!typeNames?.length && (
            // Each tab's optional English (ADR 0074), shown in the English interface instead of the Chinese.
            <Form.Item label={`${t('workbench.config.typeList')} · ${t('workbench.config.englishName')}`}>
              <Space direction="vertical" style={{ width: '100%' }}>
                {typeNames.map((name) => (
                  <Form.Item key={name} name={['typeNamesEn', name]} noStyle>
                    <Input
                      addonBefore={name}
                      aria-label={`${name} · ${t('workbench.config.englishName')}`}
                      maxLength={maxLengthOf(TypeListEntry.shape.nameEn)}
                    />
                  </Form.Item>
                ))}
              </Space>
            </Form.Item>
          )}
          {cardType === 'businessExpress' && (
            <Form.Item
              name="serviceIds"
              label={`${t('workbench.config.services')} (${t('workbench.config.servicesLimit', { n: itemLimit(rows ?? 1, 'same') })})`}
              rules={[
                {
                  validator: async (_, v?: string[]) => {
                    if ((v?.length ?? 0) > itemLimit(rows ?? 1, 'same'))
                      throw new Error(t('workbench.config.servicesLimit', { n: itemLimit(rows ?? 1, 'same') }));
                  },
                },
              ]}
            >
              <Select
                mode="multiple"
                showSearch
                optionFilterProp="label"
                options={(services.data ?? []).map((x) => ({ value: x.serviceId, label: x.serviceName }))}
              />
            </Form.Item>
          )}
          <Form.Item
            label={t('workbench.config.otherInformation')}
            tooltip={t('workbench.config.otherInformationHint')}
          >
            <Form.List name="otherInformationList">
              {(items, { add, remove }) => (
                <>
                  {items.map((item) => (
                    <Space key={item.key} align="baseline">
                      <Form.Item name={[item.name, 'label']} rules={[{ required: true, whitespace: true }]}>
                        <Input
                          aria-label={t('workbench.config.infoLabel')}
                          maxLength={maxLengthOf(OtherInformation.shape.label)}
                          placeholder={t('workbench.config.infoLabel')}
                        />
                      </Form.Item>
                      <EnglishNameItem
                        name={[item.name, 'labelEn']}
                        schema={OtherInformation.shape.labelEn}
                        width={130}
                      />
                      <Form.Item name={[item.name, 'value']}>
                        <Input
                          aria-label={t('workbench.config.infoValue')}
                          maxLength={maxLengthOf(OtherInformation.shape.value)}
                          placeholder={t('workbench.config.infoValue')}
                          style={{ width: 260 }}
                        />
                      </Form.Item>
                      <Button size="small" onClick={() => remove(item.name)}>
                        {t('workbench.config.remove')}
                      </Button>
                    </Space>
                  ))}
                  <Button type="dashed" onClick={() => add({ label: '', labelEn: '', value: '' })}>
                    {t('workbench.config.addInformation')}
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="roleIds" label={t('workbench.config.roles')}>
            <Checkbox.Group
              aria-label={t('workbench.config.roles')}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
              onChange={() => (rolesChosen.current = true)}
            />
          </Form.Item>
        </Form>
      </Modal>
      <CardPreviewDialog visible={preview !== null} cardId={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
