import { GUIDE_MANAGE_PATHS, type GuideManageDetail, type GuideSaveRequest } from '@portal/contracts/guides';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** The guide of a service for the editor (empty content when none is written yet). */
export const getGuideDetail = (serviceId: string) =>
  workbenchHttp.post<GuideManageDetail>(GUIDE_MANAGE_PATHS.detail, { serviceId });
export const guideDetailQueryOptions = (serviceId: string | null) =>
  queryOptions({
    queryKey: workbenchKeys.guide(serviceId),
    queryFn: () => getGuideDetail(serviceId!),
    enabled: !!serviceId,
    staleTime: 0,
  });
export const useGuideDetail = (serviceId: string | null) => useQuery(guideDetailQueryOptions(serviceId));

export const saveGuide = (body: GuideSaveRequest) =>
  workbenchHttp.post<GuideManageDetail>(GUIDE_MANAGE_PATHS.save, body);
export const removeGuide = (serviceId: string) =>
  workbenchHttp.post<{ removed: boolean }>(GUIDE_MANAGE_PATHS.remove, { serviceId });

/** Saving or deleting a guide refreshes the list's 已配置指南 tags and the guide itself. */
export function useGuideMutations() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: workbenchKeys.services() }),
      client.invalidateQueries({ queryKey: workbenchKeys.guides() }),
    ]);
  return {
    save: useMutation({ mutationFn: saveGuide, onSuccess: refresh }),
    remove: (serviceId: string) => removeGuide(serviceId),
    refresh,
  };
}
