import type { RobotQuestionRecord } from '@portal/contracts/assistant';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

export type UnansweredParams = { current: number; size: number };
export type UnansweredPage = {
  records: RobotQuestionRecord[];
  total: number;
  size: number;
  current: number;
  pages: number;
};

/** 7.8 POST aiquestion/unanswered/page (administrator): robot questions with no answer, not solved, or passed on. */
export function getUnansweredQuestions(params: UnansweredParams): Promise<UnansweredPage> {
  return platformHttp.post<UnansweredPage>('/aiquestion/unanswered/page', params, { silent: true });
}

export const getUnansweredQuestionsQueryOptions = (params: UnansweredParams) =>
  queryOptions({
    queryKey: servicesKeys.unansweredQuestions(params.current, params.size),
    queryFn: () => getUnansweredQuestions(params),
    placeholderData: keepPreviousData,
  });
export const useUnansweredQuestions = (params: UnansweredParams) =>
  useQuery(getUnansweredQuestionsQueryOptions(params));
