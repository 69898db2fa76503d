import { GUIDE_MANAGE_PATHS, type GuideManageDetail, type GuideSaveRequest } from '@portal/contracts/guides';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

export const saveGuide = (body: GuideSaveRequest) =>
  workbenchHttp.post<GuideManageDetail>(GUIDE_MANAGE_PATHS.save, body);

/** Saving or deleting a guide refreshes the list's 已配置指南 tags and the guide itself. */
export const afterGuideChange = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: workbenchKeys.services() }),
    client.invalidateQueries({ queryKey: workbenchKeys.guides() }),
  ]);

export function useSaveGuide() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveGuide, onSuccess: () => afterGuideChange(client) });
}
