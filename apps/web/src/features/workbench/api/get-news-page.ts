import { NEWS_PATHS, type NewsPage, type NewsPageRequest } from '@portal/contracts/news';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** News and announcements administrators wrote (issue 16; 卡片业务配置): one page of them. */
export const getNewsPage = (req: NewsPageRequest) => workbenchHttp.post<NewsPage>(NEWS_PATHS.page, req);
export const newsPageQueryOptions = (req: NewsPageRequest) =>
  queryOptions({
    queryKey: workbenchKeys.newsPage(req),
    queryFn: () => getNewsPage(req),
    placeholderData: keepPreviousData,
  });
export const useNewsPage = (req: NewsPageRequest) => useQuery(newsPageQueryOptions(req));
