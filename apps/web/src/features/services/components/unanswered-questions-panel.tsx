import type { RobotQuestionRecord } from '@portal/contracts/assistant';
import { Alert, Button, Tag, Typography } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { isRouteAllowedByMenu } from '@portal/contracts/routes';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-store.ts';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useUnansweredQuestions } from '../api/get-unanswered-questions.ts';
import { AdminPanel, EmptyText, formatTime } from './admin-panel.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';

const PAGE_SIZE = 10;
const KNOWLEDGE_PATH = '/home/robotKnowledgeConfig';

/** Why a question is on the list: no answer, an answer that did not help, or passed on by the user. */
export function questionState(q: RobotQuestionRecord): 'unanswered' | 'unsolved' | 'recorded' {
  if (q.source === 'record') return 'recorded';
  return q.answered ? 'unsolved' : 'unanswered';
}

/** 机器人未解答问题 (aiquestion/unanswered/page): what the robot could not answer, for the administrators. */
export function UnansweredQuestionsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // The robot's knowledge page answers a question in one step, for those who hold its menu.
  const canWrite = useSession((s) => isRouteAllowedByMenu(KNOWLEDGE_PATH, s.configurationMenu));
  const questions = useUnansweredQuestions({ current: page, size: PAGE_SIZE });
  return (
    <AdminPanel id="unanswered-questions" title={t('services.admin.unansweredTitle')}>
      <Typography.Paragraph>
        {t('services.admin.unansweredIntro')}{' '}
        <Button size="small" onClick={() => void questions.refetch()}>
          {t('services.admin.refresh')}
        </Button>
      </Typography.Paragraph>
      {questions.isError && (
        <Alert
          type="error"
          showIcon
          title={serverText((questions.error as Error).message)}
          style={{ marginBottom: 12 }}
        />
      )}
      <DataTable<RobotQuestionRecord>
        label={t('services.admin.unansweredTitle')}
        rowKey="id"
        size="small"
        loading={questions.isLoading}
        dataSource={questions.data?.records ?? []}
        locale={{ emptyText: <EmptyText /> }}
        pagination={{
          ...pagerNames(t),
          current: page,
          pageSize: PAGE_SIZE,
          total: questions.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('services.admin.question'), dataIndex: 'question' },
          { title: t('services.admin.asker'), dataIndex: 'userName', width: 120 },
          {
            title: t('services.admin.state'),
            key: 'state',
            width: 120,
            render: (_, q) => <Tag>{t(`services.admin.states.${questionState(q)}`)}</Tag>,
          },
          { title: t('services.admin.matched'), dataIndex: 'matchedQuestion', render: (v: string | null) => v ?? '—' },
          {
            title: t('services.admin.askedAt'),
            dataIndex: 'createTime',
            width: 180,
            render: (v: string) => formatTime(v),
          },
          ...(canWrite
            ? [
                {
                  title: t('services.admin.actions'),
                  key: 'actions',
                  width: 120,
                  render: (_: unknown, q: RobotQuestionRecord) => (
                    <Link
                      to={`${KNOWLEDGE_PATH}?${new URLSearchParams({ fromQuestion: q.id, question: q.question })}`}
                      aria-label={`${t('services.admin.toKnowledge')} ${q.question}`}
                    >
                      {t('services.admin.toKnowledge')}
                    </Link>
                  ),
                },
              ]
            : []),
        ]}
      />
    </AdminPanel>
  );
}
