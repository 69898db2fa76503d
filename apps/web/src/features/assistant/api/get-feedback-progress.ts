import type { Feedback, ProgressStatistics } from '@portal/contracts/assistant';
import { useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { assistantKeys } from './query-keys.ts';

/** A page of the platform's paged answers. */
type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** POST question/user/showProgress: the user's feedback and how far each got, newest first. */
export function getFeedbackProgress(current = 1, size = 20): Promise<Page<Feedback>> {
  return platformHttp.post<Page<Feedback>>('/question/user/showProgress', { current, size });
}

/** POST question/user/progressStatistics: counts of the user's feedback by progress. */
export function getFeedbackStatistics(): Promise<ProgressStatistics> {
  return platformHttp.post<ProgressStatistics>('/question/user/progressStatistics');
}

export const feedbackQueryKey = assistantKeys.feedback();
export const useFeedbackProgress = (enabled: boolean) =>
  useQuery({
    queryKey: feedbackQueryKey,
    queryFn: async () => ({ page: await getFeedbackProgress(), stats: await getFeedbackStatistics() }),
    enabled,
  });
