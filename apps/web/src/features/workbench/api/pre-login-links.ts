import { useQuery } from '@tanstack/react-query';
import type { PreLoginLinks, PreLoginLinksSubmit } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { CHANGED_MEANWHILE_SHOWN } from './changed-meanwhile.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST preLogin/links (not in the spec): the landing page's header links in order, with their version (ADR 0075). */
export const getPreLoginLinks = () => ospHttp.post<PreLoginLinks>('/preLogin/links', {});
export const usePreLoginLinks = () => useQuery({ queryKey: workbenchKeys.preLoginLinks(), queryFn: getPreLoginLinks });

/** POST preLogin/submitLinks (not in the spec): the header links replaced as a whole, in this order. */
export const submitPreLoginLinks = (body: PreLoginLinksSubmit) =>
  ospHttp.post<PreLoginLinks>('/preLogin/submitLinks', body, CHANGED_MEANWHILE_SHOWN);
