import type { FaqEntry, FaqSaveRequest, SceneOption } from '@portal/contracts/assistant';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';

/** The robot's knowledge page (configuration menu robotKnowledgeConfig): list, save, turn on or off, delete. */
type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };
export type FaqFilter = { current: number; size: number; keyword?: string; sceneId?: string };
const key = ['robot', 'knowledge'] as const;

export const getFaqPage = (filter: FaqFilter) =>
  platformHttp.post<Page<FaqEntry>>('/aiquestion/knowledge/page', filter);
export const saveFaq = (input: Partial<FaqSaveRequest> & Pick<FaqSaveRequest, 'question' | 'answer' | 'sceneId'>) =>
  platformHttp.post<{ id: string }>('/aiquestion/knowledge/save', input);
export const enableFaq = (id: string, enabled: boolean) =>
  platformHttp.post<null>('/aiquestion/knowledge/enable', { id, enabled });
export const removeFaq = (id: string) => platformHttp.post<null>('/aiquestion/knowledge/remove', { id });
export const getSceneOptions = () => platformHttp.get<SceneOption[]>('/questionScene/selectList');

export const useFaqPage = (filter: FaqFilter) =>
  useQuery({ queryKey: [...key, filter], queryFn: () => getFaqPage(filter) });
export const useSceneOptions = () => useQuery({ queryKey: ['robot', 'scenes'], queryFn: getSceneOptions });
export function useFaqMutation<A extends unknown[]>(fn: (...args: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => fn(...args),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
