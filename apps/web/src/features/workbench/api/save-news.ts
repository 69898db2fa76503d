import { NEWS_PATHS, type NewsEntry, type NewsSaveRequest } from '@portal/contracts/news';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { workbenchKeys } from './query-keys.ts';

export const saveNews = (body: NewsSaveRequest) => workbenchHttp.post<NewsEntry>(NEWS_PATHS.save, body);

/** Saving or deleting refreshes the list and the home cards that show news and announcements. */
export const afterNewsChange = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: workbenchKeys.news() }),
    client.invalidateQueries({ queryKey: sharedQueryKeys.homeCards }),
  ]);

export function useSaveNews() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveNews, onSuccess: () => afterNewsChange(client) });
}
