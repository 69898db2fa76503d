import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuiseLogoInfo } from '@portal/contracts/personal';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** 7.9 GET platformApplyGuiseLogoInfo: the school's logo, system name and theme colour. */
export const getGuiseLogoInfo = () =>
  platformHttp.get<GuiseLogoInfo>('/platformApplyGuiseLogoInfo', undefined, { silent: true });
export const getGuiseLogoInfoQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.guiseLogoInfo(), queryFn: getGuiseLogoInfo, retry: false });
export const useGuiseLogoInfo = () => useQuery(getGuiseLogoInfoQueryOptions());
