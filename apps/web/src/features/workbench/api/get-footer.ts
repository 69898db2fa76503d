import { useQuery } from '@tanstack/react-query';
import type { FooterInfo } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST homePage/getFooterInfo. */
export const getFooter = () => ospHttp.post<FooterInfo>('/homePage/getFooterInfo', {}, { silent: true });
export const footerQueryKey = workbenchKeys.footer();
export const useFooter = (enabled = true) =>
  useQuery({ queryKey: footerQueryKey, queryFn: getFooter, enabled, retry: false });
