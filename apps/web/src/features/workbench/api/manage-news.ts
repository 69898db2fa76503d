import {
  NEWS_PATHS,
  type NewsEntry,
  type NewsPage,
  type NewsPageRequest,
  type NewsSaveRequest,
} from '@portal/contracts/news';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { workbenchKeys } from './query-keys.ts';

/** News and announcements administrators wrote (issue 16; 卡片业务配置). */
export const newsPageQueryOptions = (req: NewsPageRequest) =>
  queryOptions({
    queryKey: workbenchKeys.newsPage(req),
    queryFn: () => workbenchHttp.post<NewsPage>(NEWS_PATHS.page, req),
    placeholderData: keepPreviousData,
  });
export const useNewsPage = (req: NewsPageRequest) => useQuery(newsPageQueryOptions(req));

/** One item with its body, for the editor (released or not). */
export const getNewsForEditor = (id: string) => workbenchHttp.post<NewsEntry>(NEWS_PATHS.editorDetail, { id });
export const useNewsForEditor = (id: string | null) =>
  useQuery({
    queryKey: workbenchKeys.newsEdit(id),
    queryFn: () => getNewsForEditor(id!),
    enabled: !!id,
    staleTime: 0,
  });

/** A released item with its body, for a reader of the home cards. */
export const useNewsForReader = (id: string | null) =>
  useQuery({
    queryKey: workbenchKeys.newsRead(id),
    queryFn: () => workbenchHttp.post<NewsEntry>(NEWS_PATHS.detail, { id }),
    enabled: !!id,
  });

export const saveNews = (body: NewsSaveRequest) => workbenchHttp.post<NewsEntry>(NEWS_PATHS.save, body);
export const removeNews = (id: string) => workbenchHttp.post<{ removed: boolean }>(NEWS_PATHS.remove, { id });

/** Saving or deleting refreshes the list and the home cards that show news and announcements. */
export function useNewsMutations() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: workbenchKeys.news() }),
      client.invalidateQueries({ queryKey: sharedQueryKeys.homeCards }),
    ]);
  return {
    save: useMutation({ mutationFn: saveNews, onSuccess: refresh }),
    remove: (id: string) => removeNews(id),
    refresh,
  };
}
