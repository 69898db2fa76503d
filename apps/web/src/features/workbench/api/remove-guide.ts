import { GUIDE_MANAGE_PATHS } from '@portal/contracts/guides';
import { useQueryClient } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { afterGuideChange } from './save-guide.ts';

export const removeGuide = (serviceId: string) =>
  workbenchHttp.post<{ removed: boolean }>(GUIDE_MANAGE_PATHS.remove, { serviceId });

/** For the confirmation dialog: the call, and what refreshes after it. */
export function useRemoveGuide() {
  const client = useQueryClient();
  return { remove: removeGuide, refresh: () => afterGuideChange(client) };
}
