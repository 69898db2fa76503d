import type { UserDeptItem } from '@portal/contracts/user-departments';
import { Button, Form, Modal, Space, Tag, Typography } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { ConfigListPage, usePagedFilter } from '../../../components/config-list-page.tsx';
import { deptTree, type DeptTreeNode } from '../../../lib/dept-tree.ts';
import { useUserDeptOptions } from '../api/get-user-dept-options.ts';
import { useUserDeptPage, type UserDeptFilter } from '../api/get-user-dept-page.ts';
import { useSubmitUserDepts } from '../api/submit-user-depts.ts';
import { ListedTreeSelect } from '../../../components/listed-tree-select.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { clearable } from '../../../components/clearable.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';
import { useToast } from '../../../components/toast.tsx';

/** The dialog that sets one user's departments (several, from the tree of the one list; none clears them). */
function DepartmentsDialog({
  user,
  tree,
  onClose,
}: {
  user: UserDeptItem | null;
  tree: DeptTreeNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<{ deptIds: string[] }>();
  const submit = useSubmitUserDepts();
  const save = async () => {
    if (!user) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is wrong
    const { deptIds } = values;
    await submit.mutateAsync({ userId: user.userId, deptIds: deptIds ?? [] });
    void message.success(t('userDept.saved', { name: user.userName }));
    onClose();
  };
  return (
    <Modal
      open={user !== null}
      title={t('userDept.dialogTitle')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('userDept.save')}
      cancelText={t('userDept.cancel')}
      confirmLoading={submit.isPending}
      destroyOnHidden
    >
      {user && (
        <Form form={form} layout="vertical" initialValues={{ deptIds: user.departments.map((d) => d.id) }}>
          <Form.Item label={t('userDept.user')}>
            <Typography.Text>
              {user.userName}（{user.account}）
            </Typography.Text>
          </Form.Item>
          <Form.Item
            name="deptIds"
            label={t('userDept.deptsLabel')}
            extra={t('userDept.deptsHelp')}
            htmlFor="user-dept-select"
          >
            <ListedTreeSelect
              id="user-dept-select"
              multiple
              allowClear={clearable(t)}
              treeDefaultExpandAll
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeData={tree}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * /home/userDeptConfig (configuration menu userDeptConfig, checked by the server on every call): the tenant's users,
 * paged, searched by name or account and filtered by department, each with their departments; an administrator sets
 * a user's departments from the one department list (ADR 0032), so that a notice to a department reaches them.
 * Departments the school's sign-in provided are marked (a later sign-in updates those only, ADR 0035).
 */
export function UserDepartmentsPage() {
  const { t } = useTranslation();
  const { filter, set, turn } = usePagedFilter<UserDeptFilter>({ current: 1, size: 10 });
  const [editing, setEditing] = useState<UserDeptItem | null>(null);
  const page = useUserDeptPage(filter);
  const options = useUserDeptOptions();
  const tree = useMemo(() => deptTree(options.data?.depts ?? []), [options.data]);
  return (
    <ConfigListPage
      title={t('userDept.title')}
      refreshLabel={t('userDept.refresh')}
      onRefresh={() => void page.refetch()}
      beside={<DepartmentsDialog user={editing} tree={tree} onClose={() => setEditing(null)} />}
    >
      <Typography.Paragraph type="secondary">{t('userDept.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          allowClear={clearable(t)}
          aria-label={t('userDept.search')}
          placeholder={t('userDept.search')}
          style={{ width: 220, maxWidth: '100%' }}
          onSearch={(keyword) => set({ keyword: keyword.trim() || undefined })}
        />
        <ListedTreeSelect
          allowClear={clearable(t)}
          aria-label={t('userDept.deptFilter')}
          placeholder={t('userDept.deptFilter')}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeData={tree}
          style={{ width: 220, maxWidth: '100%' }}
          onChange={(deptId?: string) => set({ deptId: deptId || undefined })}
        />
      </Space>
      <DataTable<UserDeptItem>
        label={t('userDept.title')}
        rowKey="userId"
        size="middle"
        loading={page.isFetching}
        dataSource={page.data?.records ?? []}
        scroll={{ x: 720 }}
        pagination={{
          ...pagerNames(t),
          current: filter.current,
          pageSize: filter.size,
          total: page.data?.total ?? 0,
          showTotal: (total) => t('userDept.total', { total }),
          onChange: turn,
        }}
        columns={[
          { title: t('userDept.name'), dataIndex: 'userName', width: 120 },
          { title: t('userDept.account'), dataIndex: 'account', width: 130 },
          { title: t('userDept.role'), dataIndex: 'roleName', width: 90 },
          {
            title: t('userDept.departments'),
            dataIndex: 'departments',
            render: (_, u) =>
              u.departments.length ? (
                <Space size={[4, 4]} wrap data-testid="user-departments">
                  {u.departments.map((d) => (
                    <Tag key={d.id}>
                      {d.name}
                      {d.source === 'identity' && `（${t('userDept.fromIdentity')}）`}
                    </Tag>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary" data-testid="user-departments">
                  {t('userDept.none')}
                </Typography.Text>
              ),
          },
          {
            title: t('userDept.actions'),
            width: 110,
            // On a phone the table scrolls sideways inside its card; the action stays in sight.
            fixed: 'right',
            render: (_, u) => (
              // No space inside 设置部门: the accessible name (with the user's name) begins with the visible text.
              <Button size="small" onClick={() => setEditing(u)} aria-label={`${t('userDept.edit')} ${u.userName}`}>
                {t('userDept.edit')}
              </Button>
            ),
          },
        ]}
      />
    </ConfigListPage>
  );
}
