import { RollbackOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, AUDIT_KINDS, type AuditAction, type AuditEntry, type AuditKind } from '@portal/contracts/audit';
import { Alert, App, Button, DatePicker, Descriptions, Drawer, Select, Space, Tag } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { cycleFocus } from '../../../components/focus-cycle.tsx';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { ConfigListPage, usePagedFilter } from '../../../components/config-list-page.tsx';
import { formatTenantTime } from '../../../lib/time-zone.ts';
import { useAuditPage, type AuditFilter } from '../api/get-audit-page.ts';
import { useAuditUsers } from '../api/get-audit-users.ts';
import { useRevertAuditEntry } from '../api/revert-audit-entry.ts';
import type { FieldChange } from '../lib/diff.ts';
import { fieldLabel, readableChanges, summaryText, valueText } from '../lib/readable.ts';
import { clearable } from '../../../components/clearable.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';
import { useToast } from '../../../components/toast.tsx';

const ACTION_COLORS: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  revert: 'purple',
};

/** One entry: who, when, what, the fields that changed (before → after), and its revert where the server allows. */
function EntryDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const revert = useRevertAuditEntry();
  const changes = entry ? readableChanges(entry) : [];
  const confirmRevert = (e: AuditEntry) =>
    modal.confirm({
      title: t('audit.revertConfirm'),
      content: `${summaryText(t, e.summary)}${t('app.colon')}${t('audit.revertHint')}`,
      okText: t('audit.revert'),
      cancelText: t('audit.cancel'),
      okButtonProps: { danger: true },
      // A refusal (已有同名导航, 最多可添加6个 …) is the client's toast; the confirmation closes and the entry stays open.
      // Rejected, onOk left the confirmation open and the rejection unhandled.
      onOk: () =>
        revert.mutateAsync(e.id).then(
          () => {
            void message.success(t('audit.reverted'));
            onClose();
          },
          () => undefined,
        ),
    });
  return (
    <Drawer
      open={entry !== null}
      onClose={onClose}
      title={t('audit.detail')}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      drawerRender={cycleFocus}
    >
      {entry && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'at', label: t('audit.at'), children: formatTenantTime(entry.at, 'YYYY-MM-DD HH:mm:ss') },
              { key: 'user', label: t('audit.user'), children: entry.userName },
              { key: 'kind', label: t('audit.kind'), children: t(`audit.kinds.${entry.entityKind}`) },
              {
                key: 'action',
                label: t('audit.action'),
                children: <Tag color={ACTION_COLORS[entry.action]}>{t(`audit.actionNames.${entry.action}`)}</Tag>,
              },
              { key: 'summary', label: t('audit.summary'), children: summaryText(t, entry.summary) },
            ]}
          />
          <DataTable
            label={t('audit.detail')}
            size="small"
            rowKey="field"
            pagination={false}
            scroll={{ x: 480 }}
            locale={{ emptyText: t('audit.noChange') }}
            dataSource={changes}
            aria-label={t('audit.detail')}
            columns={[
              { title: t('audit.field'), dataIndex: 'field', width: 140, render: (f: string) => fieldLabel(t, f) },
              {
                title: t('audit.before'),
                dataIndex: 'before',
                render: (v: unknown, c: FieldChange) => (
                  <del style={{ wordBreak: 'break-all' }}>{valueText(t, entry.entityKind, c.field, v)}</del>
                ),
              },
              {
                title: t('audit.after'),
                dataIndex: 'after',
                render: (v: unknown, c: FieldChange) => (
                  <ins style={{ wordBreak: 'break-all' }}>{valueText(t, entry.entityKind, c.field, v)}</ins>
                ),
              },
            ]}
          />
          {entry.canRevert ? (
            <Button
              danger
              icon={<RollbackOutlined aria-hidden />}
              loading={revert.isPending}
              onClick={() => confirmRevert(entry)}
            >
              {t('audit.revert')}
            </Button>
          ) : (
            entry.revertBlock && <Alert type="info" showIcon message={serverText(entry.revertBlock)} />
          )}
        </Space>
      )}
    </Drawer>
  );
}

/**
 * /home/configAuditLog (configuration menu configAuditLog, checked by the server on every call): every configuration
 * change of the tenant, newest first, filtered by changed item, action, person and days of the tenant's calendar;
 * an entry opens with its before and after, and may be reverted from there.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const { filter, set, turn } = usePagedFilter<AuditFilter>({ current: 1, size: 20 });
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const page = useAuditPage(filter);
  const users = useAuditUsers();
  const day = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);
  return (
    <ConfigListPage
      title={t('audit.title')}
      refreshLabel={t('audit.refresh')}
      onRefresh={() => void page.refetch()}
      beside={<EntryDrawer entry={open} onClose={() => setOpen(null)} />}
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<AuditKind>
          allowClear={clearable(t)}
          aria-label={t('audit.kind')}
          placeholder={t('audit.kind')}
          style={{ width: 150 }}
          options={AUDIT_KINDS.map((k) => ({ value: k, label: t(`audit.kinds.${k}`) }))}
          onChange={(entityKind) => set({ entityKind })}
        />
        <Select<AuditAction>
          allowClear={clearable(t)}
          aria-label={t('audit.action')}
          placeholder={t('audit.action')}
          style={{ width: 120 }}
          options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actionNames.${a}`) }))}
          onChange={(action) => set({ action })}
        />
        <Select<string>
          allowClear={clearable(t)}
          aria-label={t('audit.user')}
          placeholder={t('audit.user')}
          style={{ width: 150 }}
          options={(users.data ?? []).map((u) => ({ value: u.userId, label: u.userName }))}
          onChange={(userId) => set({ userId })}
        />
        {/* A start after the end cannot be chosen (or typed): the server refused it with 开始日期不能晚于结束日期. */}
        <DatePicker
          aria-label={t('audit.startDate')}
          placeholder={t('audit.startDate')}
          disabledDate={(d) => !!filter.endDate && day(d)! > filter.endDate}
          onChange={(d) => set({ startDate: day(d) })}
        />
        <DatePicker
          aria-label={t('audit.endDate')}
          placeholder={t('audit.endDate')}
          disabledDate={(d) => !!filter.startDate && day(d)! < filter.startDate}
          onChange={(d) => set({ endDate: day(d) })}
        />
      </Space>
      <DataTable<AuditEntry>
        label={t('audit.title')}
        rowKey="id"
        size="middle"
        loading={page.isPending}
        dataSource={page.data?.records ?? []}
        scroll={{ x: 760 }}
        pagination={{
          ...pagerNames(t),
          current: filter.current,
          pageSize: filter.size,
          total: page.data?.total ?? 0,
          onChange: turn,
        }}
        columns={[
          {
            title: t('audit.at'),
            dataIndex: 'at',
            width: 160,
            render: (v: string) => formatTenantTime(v, 'YYYY-MM-DD HH:mm:ss'),
          },
          { title: t('audit.user'), dataIndex: 'userName', width: 120 },
          {
            title: t('audit.kind'),
            dataIndex: 'entityKind',
            width: 110,
            render: (k: AuditKind) => t(`audit.kinds.${k}`),
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            width: 90,
            render: (a: AuditAction) => <Tag color={ACTION_COLORS[a]}>{t(`audit.actionNames.${a}`)}</Tag>,
          },
          { title: t('audit.summary'), dataIndex: 'summary', render: (s: string) => summaryText(t, s) },
          {
            title: t('audit.actions'),
            width: 90,
            render: (_, e) => (
              // The accessible name (with the entry's summary) begins with the visible text 查看 (no space inside it: AntdTheme).
              <Button
                size="small"
                onClick={() => setOpen(e)}
                aria-label={`${t('audit.view')} ${summaryText(t, e.summary)}`}
              >
                {t('audit.view')}
              </Button>
            ),
          },
        ]}
      />
    </ConfigListPage>
  );
}
