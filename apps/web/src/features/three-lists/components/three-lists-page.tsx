import '../three-lists.css';
import { Button, Card, Col, Empty, List, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { useInventoryPage } from '../api/get-inventory-page.ts';
import { useInventoryTree } from '../api/get-inventory-tree.ts';
import { useThreeListConfig } from '../api/get-three-list-config.ts';
import { DeptTree } from './dept-tree.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { dutyTypeLabel } from '../lib/duty-type.ts';
import { clearable } from '../../../components/clearable.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';

/** A service a duty is tied to, as the page hands it to the opener. */
export type DutyService = { serviceId: string; serviceName: string };

/**
 * /home/threelists: each department's duty and responsibility list and the services tied to each duty; a service
 * opens through `onOpenService` (app/routes gives the service hall's opener, 4.4), a plain tag without one.
 */
function ThreeListsPageBody({ onOpenService }: { onOpenService?: ((s: DutyService) => void) | undefined }) {
  const { t } = useTranslation();
  const configured = useConfiguredText();
  const [deptId, setDeptId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const config = useThreeListConfig();
  const tree = useInventoryTree();
  const duties = useInventoryPage({ current: page, size: 10, deptId, keyword: keyword || null });
  const showServices = config.data?.showServices ?? true;

  // The page's title and introduction come with its configuration: until then one skeleton, so nothing jumps after.
  if (config.isPending) {
    return (
      <div className="three-lists" style={{ padding: 16 }} aria-busy="true">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  }
  return (
    <div className="three-lists" style={{ padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {config.data ? configured(config.data.pageTitle, config.data.pageTitleEn) : t('threeLists.title')}
      </Typography.Title>
      {config.data?.introduction && (
        <Typography.Paragraph>{configured(config.data.introduction, config.data.introductionEn)}</Typography.Paragraph>
      )}
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Card title={t('threeLists.deptTree')} size="small" className="three-lists-tree">
            {tree.isPending ? (
              <Skeleton active title={false} paragraph={{ rows: 8 }} />
            ) : tree.isError ? (
              <LoadFailed name={t('threeLists.deptTree')} onRetry={() => void tree.refetch()} />
            ) : (
              <DeptTree
                tree={tree.data}
                value={deptId}
                onChange={(id) => {
                  setDeptId(id);
                  setPage(1);
                }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} md={18}>
          <SearchInput
            aria-label={t('threeLists.search')}
            placeholder={t('threeLists.search')}
            allowClear={clearable(t)}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
            style={{ marginBottom: 12 }}
          />
          {duties.isError ? (
            // Not 暂无数据: the duties did not come, which is not that there are none.
            <LoadFailed name={t('threeLists.dutyList')} onRetry={() => void duties.refetch()} />
          ) : duties.isLoading ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : (
            <List
              locale={{ emptyText: <Empty description={t('threeLists.empty')} /> }}
              dataSource={duties.data?.records ?? []}
              pagination={{
                ...pagerNames(t),
                current: page,
                pageSize: 10,
                total: duties.data?.total ?? 0,
                onChange: setPage,
                hideOnSinglePage: true,
              }}
              renderItem={(d) => (
                <List.Item key={d.id}>
                  <article style={{ width: '100%' }} aria-label={d.dutyName}>
                    <Space wrap>
                      <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                        {d.dutyName}
                      </Typography.Title>
                      {d.dutyType && <Tag color="blue">{dutyTypeLabel(t, d.dutyType)}</Tag>}
                      <Typography.Text type="secondary">{d.deptName}</Typography.Text>
                    </Space>
                    <Typography.Paragraph style={{ margin: '8px 0' }}>{d.dutyContent}</Typography.Paragraph>
                    {showServices && (
                      <Space wrap aria-label={t('threeLists.services')}>
                        <Typography.Text strong>
                          {t('threeLists.services')}
                          {t('app.colon')}
                        </Typography.Text>
                        {d.services.length ? (
                          d.services.map((s) =>
                            onOpenService ? (
                              <Button key={s.serviceId} size="small" onClick={() => onOpenService(s)}>
                                {s.serviceName}
                              </Button>
                            ) : (
                              <Tag key={s.serviceId}>{s.serviceName}</Tag>
                            ),
                          )
                        ) : (
                          <Typography.Text type="secondary">{t('threeLists.noServices')}</Typography.Text>
                        )}
                      </Space>
                    )}
                  </article>
                </List.Item>
              )}
            />
          )}
        </Col>
      </Row>
    </div>
  );
}

export function ThreeListsPage({ onOpenService }: { onOpenService?: (s: DutyService) => void }) {
  return (
    <AccessibleTheme>
      <ThreeListsPageBody onOpenService={onOpenService} />
    </AccessibleTheme>
  );
}
