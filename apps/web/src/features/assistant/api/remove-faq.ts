import { useMutation } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { useAfterFaqChange } from './get-faq-page.ts';

/** POST aiquestion/knowledge/remove: deletes an entry. */
export const removeFaq = (id: string) => platformHttp.post<null>('/aiquestion/knowledge/remove', { id });
export const useRemoveFaq = () => useMutation({ mutationFn: removeFaq, onSuccess: useAfterFaqChange() });
