import type { Feedback } from '@portal/contracts/assistant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { getFeedbackStatistics } from './get-feedback-statistics.ts';
import { assistantKeys } from './query-keys.ts';

/** A page of the platform's paged answers. */
type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** POST question/user/showProgress: the user's feedback and how far each got, newest first. */
export function getFeedbackProgress(current = 1, size = 20): Promise<Page<Feedback>> {
  return platformHttp.post<Page<Feedback>>('/question/user/showProgress', { current, size });
}

export const feedbackQueryKey = assistantKeys.feedback();
/** The feedback list and its counts by progress, read together under one key. */
export const feedbackProgressQueryOptions = () =>
  queryOptions({
    queryKey: feedbackQueryKey,
    queryFn: async () => ({ page: await getFeedbackProgress(), stats: await getFeedbackStatistics() }),
  });
export const useFeedbackProgress = (enabled: boolean) => useQuery({ ...feedbackProgressQueryOptions(), enabled });
