import { NEWS_PATHS, type NewsEntry } from '@portal/contracts/news';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** A released item with its body, for a reader of the home cards. */
export const getNewsForReader = (id: string) => workbenchHttp.post<NewsEntry>(NEWS_PATHS.detail, { id });
export const newsForReaderQueryOptions = (id: string | null) =>
  queryOptions({ queryKey: workbenchKeys.newsRead(id), queryFn: () => getNewsForReader(id!), enabled: !!id });
export const useNewsForReader = (id: string | null) => useQuery(newsForReaderQueryOptions(id));
