import { NEWS_PATHS, type NewsEntry } from '@portal/contracts/news';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** One item with its body, for the editor (released or not). */
export const getNewsForEditor = (id: string) => workbenchHttp.post<NewsEntry>(NEWS_PATHS.editorDetail, { id });
export const newsForEditorQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: workbenchKeys.newsEdit(id),
    queryFn: () => getNewsForEditor(id!),
    enabled: !!id,
    staleTime: 0,
  });
export const useNewsForEditor = (id: string | null) => useQuery(newsForEditorQueryOptions(id));
