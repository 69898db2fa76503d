import { useMutation } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { useAfterFaqChange } from './get-faq-page.ts';

/** POST aiquestion/knowledge/enable: turns an entry on or off. */
export const enableFaq = (id: string, enabled: boolean) =>
  platformHttp.post<null>('/aiquestion/knowledge/enable', { id, enabled });
export const useEnableFaq = () =>
  useMutation({
    mutationFn: (v: { id: string; enabled: boolean }) => enableFaq(v.id, v.enabled),
    onSuccess: useAfterFaqChange(),
  });
