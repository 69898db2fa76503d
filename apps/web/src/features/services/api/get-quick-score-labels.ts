import type { QuickScoreLabel } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.5 serverCenter/quickScoreLabels. */
export function getQuickScoreLabels(): Promise<QuickScoreLabel[]> {
  return workbenchHttp.post<QuickScoreLabel[]>('/serverCenter/quickScoreLabels', {});
}
export const quickScoreLabelsQueryOptions = () =>
  queryOptions({ queryKey: servicesKeys.quickLabels(), queryFn: getQuickScoreLabels, staleTime: Infinity });
export const useQuickScoreLabels = (enabled: boolean) => useQuery({ ...quickScoreLabelsQueryOptions(), enabled });
