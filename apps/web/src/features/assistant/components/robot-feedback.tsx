import { FeedbackRequest } from '@portal/contracts/assistant';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { feedbackQueryKey, useFeedbackProgress } from '../api/get-feedback-progress.ts';
import { saveQuestionFeedback } from '../api/save-question-feedback.ts';
import { formatTenantTime } from '../../../lib/time-zone.ts';

/** Feedback on an answer (question/feedBack/saveQuestionFeedbackInfo), inline under the robot's answer. */
export function FeedbackForm({
  question,
  recordId,
  onDone,
}: {
  question: string;
  recordId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ content: string; contact: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    setSaving(true);
    try {
      await saveQuestionFeedback({ question, recordId, content: values.content ?? '', contact: values.contact ?? '' });
      await queryClient.invalidateQueries({ queryKey: feedbackQueryKey });
      onDone();
    } catch {
      // Shown by the HTTP layer.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" size="small" className="robot-feedback-form">
      <Form.Item name="content" label={t('assistant.robot.feedbackContent')}>
        <Input.TextArea maxLength={maxLengthOf(FeedbackRequest.shape.content)} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="contact" label={t('assistant.robot.feedbackContact')}>
        <Input maxLength={maxLengthOf(FeedbackRequest.shape.contact)} />
      </Form.Item>
      <Button type="primary" size="small" loading={saving} onClick={() => void submit()}>
        {t('assistant.robot.feedbackSubmit')}
      </Button>
    </Form>
  );
}

const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success' };

/** The user's feedback and its progress (question/user/showProgress, progressStatistics). */
export function FeedbackProgress({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const query = useFeedbackProgress(active);
  if (query.isLoading) return <Spin />;
  const stats = query.data?.stats;
  const records = query.data?.page.records ?? [];
  return (
    <div className="robot-progress">
      {stats && (
        <p className="robot-subtitle">
          {t('assistant.robot.progressStats', {
            total: stats.total,
            pending: stats.pending,
            processing: stats.processing,
            finished: stats.finished,
          })}
        </p>
      )}
      {!records.length ? (
        <Empty description={t('assistant.robot.noFeedback')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="robot-feedback-list">
          {records.map((f) => (
            <li key={f.id}>
              <Space wrap>
                <strong>{f.question}</strong>
                <Tag color={STATUS_COLORS[f.status]}>{f.statusName}</Tag>
                <time className="robot-subtitle">{formatTenantTime(f.createTime, 'YYYY-MM-DD HH:mm')}</time>
              </Space>
              {f.content && <p>{f.content}</p>}
              {f.reply && <p>{t('assistant.robot.reply', { reply: f.reply })}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
