import { NEWS_PATHS } from '@portal/contracts/news';
import { useQueryClient } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { afterNewsChange } from './save-news.ts';

export const removeNews = (id: string) => workbenchHttp.post<{ removed: boolean }>(NEWS_PATHS.remove, { id });

/** For the confirmation dialog: the call, and what refreshes after it. */
export function useRemoveNews() {
  const client = useQueryClient();
  return { remove: removeNews, refresh: () => afterNewsChange(client) };
}
