import { GUIDE_MANAGE_PATHS, type GuideManageDetail } from '@portal/contracts/guides';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
