import { DUTY_CONTENT_MAX, DUTY_NAME_MAX, DUTY_SORT_MAX, type Duty } from '@portal/contracts/transfer';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { actionOn } from '../../../lib/action-on.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { rangeRule } from '../../../lib/form-limits.ts';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { useDeptTreePower } from '../api/get-dept-tree-power.ts';
import { useDutyPage } from '../api/get-duty-page.ts';
import { useNoSetDutyDepts } from '../api/get-no-set-duty-depts.ts';
import { useDutyTypeMust } from '../api/is-duty-type-must.ts';
import { useServiceInfo } from '../api/query-service-info.ts';
import { useRemoveDuties } from '../api/remove-duties.ts';
import { afterDutyChange, useSaveDuty, type DutyInput } from '../api/save-duty.ts';
import { DeptTree, flattenTree } from './dept-tree.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { dutyTypeLabel } from '../lib/duty-type.ts';
import { clearable } from '../../../components/clearable.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';
import { useToast } from '../../../components/toast.tsx';

/**
 * What the page takes from bulk import and export (the transfer feature), handed in by app/routes so that the
 * features do not import each other: the duty type select of the form, and the export and import dialogs.
 */
export type DutyTransferParts = {
  /** A select of the duty types, its options labelled by `labelOf`; the form sets its value and onChange. */
  dutyTypeSelect: (labelOf: (value: string) => string) => ReactElement;
  exportDialog: (p: {
    defaultFileName: string;
    search: Record<string, string | undefined>;
    chosenIds: string[];
    onClose: () => void;
  }) => ReactNode;
  importDialog: (p: { onClose: () => void; onDone: () => void }) => ReactNode;
};

/** /home/deptResponsibilityListConfig: maintain the duty lists of the departments within the caller's power. */
function DeptDutyConfigPageBody({ transfer }: { transfer: DutyTransferParts }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const qc = useQueryClient();
  const [deptId, setDeptId] = useState<string | null>(null);
  const [dutyName, setDutyName] = useState('');
  const [page, setPage] = useState(1);
  // Its 职责内容 column is cut with an ellipsis, which lays the table out in equal columns: on a phone or a tablet
  // (under lg) the table takes the width its seven columns need and scrolls inside its card.
  const compact = Grid.useBreakpoint().lg === false;
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Duty | 'new' | null>(null);
  const [dialog, setDialog] = useState<'export' | 'import' | null>(null);
  const [form] = Form.useForm<DutyInput>();

  const tree = useDeptTreePower();
  const noDuty = useNoSetDutyDepts();
  const typeMust = useDutyTypeMust();
  const services = useServiceInfo(!!editing);
  const duties = useDutyPage({ current: page, size: 10, deptId, dutyName: dutyName || null });
  const save = useSaveDuty();
  const removeMany = useRemoveDuties();
  const depts = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  // What the server lets the caller change: the departments of ospDeptInfo/treePower (all for an administrator,
  // the managed ones and their sub-departments for a holder of this menu, none otherwise). Everything else is
  // shown read-only, so no button promises what the server refuses with 403.
  const power = useMemo(() => new Set(depts.map((d) => d.id)), [depts]);
  const canMaintain = power.size > 0;
  const canEdit = (d: Duty) => power.has(d.deptId);
  const refresh = () => afterDutyChange(qc);

  const openEditor = (d: Duty | 'new') => {
    setEditing(d);
    form.setFieldsValue(
      d === 'new'
        ? { deptId: deptId ?? undefined, dutyName: '', dutyType: '', dutyContent: '', sort: 0, serviceIds: [] }
        : {
            deptId: d.deptId,
            dutyName: d.dutyName,
            dutyType: d.dutyType || undefined,
            dutyContent: d.dutyContent,
            sort: d.sort,
            serviceIds: d.services.map((s) => s.serviceId),
          },
    );
  };
  const submit = async (v: DutyInput) => {
    const body = {
      ...v,
      dutyType: v.dutyType ?? '',
      dutyContent: v.dutyContent ?? '',
      sort: v.sort ?? 0,
      serviceIds: v.serviceIds ?? [],
    };
    if (!editing) return;
    await save.mutateAsync(editing === 'new' ? body : { ...body, id: editing.id });
    message.success(t('threeLists.saved'));
    setEditing(null);
  };
  const remove = (ids: string[]) =>
    modal.confirm({
      title: t('threeLists.removeConfirm'),
      // A refusal is the client's toast: the confirmation closes, the selection stays (nothing was removed).
      onOk: () =>
        removeMany.mutateAsync(ids).then(
          () => setSelected([]),
          () => undefined,
        ),
    });

  return (
    <div style={{ padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('threeLists.configTitle')}
      </Typography.Title>
      {tree.isSuccess && !canMaintain && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('threeLists.readOnly')} />
      )}
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Card title={t('threeLists.deptTree')} size="small">
            <DeptTree
              tree={tree.data ?? []}
              value={deptId}
              onChange={(id) => {
                setDeptId(id);
                setPage(1);
              }}
            />
          </Card>
          {!!noDuty.data?.length && (
            <Card title={t('threeLists.noDutyDepts')} size="small" style={{ marginTop: 12 }}>
              <Space wrap>
                {noDuty.data.map((d) => (
                  <Tag key={d.id}>{d.deptName}</Tag>
                ))}
              </Space>
            </Card>
          )}
        </Col>
        <Col xs={24} md={18}>
          <Space wrap style={{ marginBottom: 12 }}>
            <SearchInput
              aria-label={t('threeLists.dutyName')}
              placeholder={t('threeLists.dutyName')}
              allowClear={clearable(t)}
              onSearch={(v) => (setDutyName(v.trim()), setPage(1))}
            />
            {canMaintain && (
              <>
                <Button type="primary" onClick={() => openEditor('new')}>
                  {t('threeLists.add')}
                </Button>
                <Button danger disabled={!selected.length} onClick={() => remove(selected)}>
                  {t('threeLists.remove')}
                </Button>
                <Button onClick={() => setDialog('export')}>{t('threeLists.bulkExport')}</Button>
                <Button onClick={() => setDialog('import')}>{t('threeLists.bulkImport')}</Button>
              </>
            )}
            {!!selected.length && (
              <Typography.Text>{t('threeLists.selected', { count: selected.length })}</Typography.Text>
            )}
          </Space>
          <DataTable<Duty>
            label={t('threeLists.configTitle')}
            rowKey="id"
            loading={duties.isLoading}
            dataSource={duties.data?.records ?? []}
            scroll={compact ? { x: 880 } : undefined}
            rowSelection={
              canMaintain
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys as string[]),
                    getCheckboxProps: (d) => ({ 'aria-label': d.dutyName, disabled: !canEdit(d) }),
                  }
                : undefined
            }
            pagination={{
              ...pagerNames(t),
              current: page,
              pageSize: 10,
              total: duties.data?.total ?? 0,
              onChange: setPage,
            }}
            columns={[
              { title: t('threeLists.dutyName'), dataIndex: 'dutyName' },
              { title: t('threeLists.deptName'), dataIndex: 'deptName' },
              {
                title: t('threeLists.dutyType'),
                dataIndex: 'dutyType',
                render: (v: string) => dutyTypeLabel(t, v),
              },
              { title: t('threeLists.dutyContent'), dataIndex: 'dutyContent', ellipsis: true },
              {
                title: t('threeLists.services'),
                render: (_, d) => d.services.map((s) => <Tag key={s.serviceId}>{s.serviceName}</Tag>),
              },
              {
                title: '',
                render: (_, d) =>
                  canEdit(d) && (
                    <Space>
                      <Button
                        type="link"
                        aria-label={actionOn(t('threeLists.edit'), d.dutyName)}
                        onClick={() => openEditor(d)}
                      >
                        {t('threeLists.edit')}
                      </Button>
                      <Button
                        type="link"
                        danger
                        aria-label={actionOn(t('threeLists.remove'), d.dutyName)}
                        onClick={() => remove([d.id])}
                      >
                        {t('threeLists.remove')}
                      </Button>
                    </Space>
                  ),
              },
            ]}
          />
        </Col>
      </Row>
      {editing && (
        <Modal
          open
          title={editing === 'new' ? t('threeLists.add') : t('threeLists.edit')}
          onCancel={() => setEditing(null)}
          onOk={() => form.submit()}
          okText={t('threeLists.save')}
        >
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => undefined)}>
            <Form.Item
              name="deptId"
              label={t('threeLists.deptName')}
              rules={[{ required: true, message: t('threeLists.pleaseSelect', { name: t('threeLists.deptName') }) }]}
            >
              <Select options={depts.map((d) => ({ value: d.id, label: d.label }))} />
            </Form.Item>
            <Form.Item
              name="dutyName"
              label={t('threeLists.dutyName')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('threeLists.pleaseInput', { name: t('threeLists.dutyName') }),
                },
                { max: DUTY_NAME_MAX },
              ]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name="dutyType"
              label={t('threeLists.dutyType')}
              rules={[
                {
                  required: !!typeMust.data,
                  message: t('threeLists.pleaseSelect', { name: t('threeLists.dutyType') }),
                },
              ]}
            >
              {transfer.dutyTypeSelect((v) => dutyTypeLabel(t, v))}
            </Form.Item>
            <Form.Item name="dutyContent" label={t('threeLists.dutyContent')} rules={[{ max: DUTY_CONTENT_MAX }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
            <Form.Item name="sort" label={t('threeLists.sort')} rules={[rangeRule({ min: 0, max: DUTY_SORT_MAX })]}>
              <InputNumber precision={0} />
            </Form.Item>
            <Form.Item name="serviceIds" label={t('threeLists.services')}>
              <Select
                mode="multiple"
                optionFilterProp="label"
                options={(services.data?.records ?? []).map((s) => ({ value: s.serviceId, label: s.serviceName }))}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {dialog === 'export' &&
        transfer.exportDialog({
          defaultFileName: t('threeLists.configTitle'),
          search: { deptId: deptId ?? undefined, dutyName: dutyName || undefined },
          chosenIds: selected,
          onClose: () => setDialog(null),
        })}
      {dialog === 'import' && transfer.importDialog({ onClose: () => setDialog(null), onDone: () => void refresh() })}
    </div>
  );
}

export function DeptDutyConfigPage({ transfer }: { transfer: DutyTransferParts }) {
  return (
    <AccessibleTheme>
      <DeptDutyConfigPageBody transfer={transfer} />
    </AccessibleTheme>
  );
}
