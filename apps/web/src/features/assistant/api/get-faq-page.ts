import type { FaqEntry } from '@portal/contracts/assistant';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { assistantKeys } from './query-keys.ts';

/** The robot's knowledge page (configuration menu robotKnowledgeConfig). */
type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };
export type FaqFilter = { current: number; size: number; keyword?: string; sceneId?: string };

/** POST aiquestion/knowledge/page: a page of the FAQ entries, by keyword and scene. */
export const getFaqPage = (filter: FaqFilter) =>
  platformHttp.post<Page<FaqEntry>>('/aiquestion/knowledge/page', filter);
export const faqPageQueryOptions = (filter: FaqFilter) =>
  queryOptions({ queryKey: assistantKeys.knowledgePage(filter), queryFn: () => getFaqPage(filter) });
export const useFaqPage = (filter: FaqFilter) => useQuery(faqPageQueryOptions(filter));

/** What a saved, switched, removed or imported entry makes stale: every page of the list. */
export const afterFaqChange = (qc: QueryClient) => qc.invalidateQueries({ queryKey: assistantKeys.knowledge() });
export const useAfterFaqChange = () => {
  const qc = useQueryClient();
  return () => afterFaqChange(qc);
};
