import { RATING_COMMENT_MAX, ratingCommentLength } from '@portal/contracts/service-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Tag } from 'antd';
import { useEffect, useId, useState } from 'react';
import { serverText, useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { notifySuccess } from '../../../lib/http/notify.ts';
import { useCanUserRate } from '../api/can-user-rate.ts';
import { useQuickScoreLabels } from '../api/get-quick-score-labels.ts';
import { afterRate, rateService } from '../api/rate-service.ts';
import { ScoreInput } from './score-stars.tsx';

/** The rating dialog: a score, quick labels that fit it, and a comment (sensitive words are refused by the server). */
export function RateDialog({
  service,
  onClose,
}: {
  service: { serviceId: string; serviceName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [score, setScore] = useState(5);
  const [labels, setLabels] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = service?.serviceId;
  const can = useCanUserRate(id);
  const quick = useQuickScoreLabels(!!id);
  const configured = useConfiguredText();
  useEffect(() => {
    setScore(5);
    setLabels([]);
    setComment('');
    setError(null);
  }, [id]);
  const fitting = (quick.data ?? []).filter((l) => score >= l.minScore && score <= l.maxScore);
  // A comment over the limit is kept as typed or pasted (not cut) and refused at once, under it, with the limit.
  const commentErrorId = useId();
  const commentError =
    ratingCommentLength(comment) > RATING_COMMENT_MAX
      ? t('services.commentTooLong', { max: RATING_COMMENT_MAX })
      : null;
  const submit = useMutation({
    mutationFn: () =>
      rateService({
        serviceId: id!,
        score,
        labels: labels.filter((l) => fitting.some((f) => f.labelName === l)),
        comment,
      }),
    onSuccess: () => {
      // The page's toasts: the dialog may sit in an island that closes with it (ADR 0042).
      notifySuccess(t('services.rateOk'));
      afterRate(client);
      onClose();
    },
    onError: (err) => setError(serverText(err.message)),
  });
  const rated = can.data?.rated;
  return (
    <Modal
      open={!!service}
      title={service ? t('services.rateTitle', { name: service.serviceName }) : ''}
      onCancel={onClose}
      onOk={() => !commentError && submit.mutate()}
      okText={t('services.submit')}
      cancelText={t('services.cancel')}
      okButtonProps={{ disabled: !can.data?.canRate, loading: submit.isPending }}
      destroyOnHidden
    >
      {rated ? (
        <Alert type="info" showIcon title={t('services.alreadyRated', { score: can.data?.score ?? '' })} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('services.score')}>
            <ScoreInput value={score} onChange={setScore} label={t('services.score')} />
          </Form.Item>
          <Form.Item label={t('services.quickLabels')}>
            <div role="group" aria-label={t('services.quickLabels')}>
              {fitting.map((l) => (
                <Tag.CheckableTag
                  key={l.id}
                  checked={labels.includes(l.labelName)}
                  onChange={(on) =>
                    setLabels((cur) => (on ? [...cur, l.labelName] : cur.filter((x) => x !== l.labelName)))
                  }
                >
                  {configured(l.labelName, l.labelNameEn)}
                </Tag.CheckableTag>
              ))}
            </div>
          </Form.Item>
          <Form.Item
            label={t('services.comment')}
            htmlFor="svc-rate-comment"
            validateStatus={commentError ? 'error' : undefined}
            help={commentError && <span id={commentErrorId}>{commentError}</span>}
          >
            {/* Counted as the server counts it: characters as a user sees them (an emoji is one), trimmed. */}
            <Input.TextArea
              id="svc-rate-comment"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              count={{ show: true, max: RATING_COMMENT_MAX, strategy: ratingCommentLength }}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={commentError ? commentErrorId : undefined}
              rows={4}
              placeholder={t('services.commentPlaceholder')}
            />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} role="alert" />}
        </Form>
      )}
    </Modal>
  );
}
