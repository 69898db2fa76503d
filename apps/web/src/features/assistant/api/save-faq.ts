import type { FaqSaveRequest } from '@portal/contracts/assistant';
import { useMutation } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { useAfterFaqChange } from './get-faq-page.ts';

export type FaqSaveInput = Partial<FaqSaveRequest> & Pick<FaqSaveRequest, 'question' | 'answer' | 'sceneId'>;

/** POST aiquestion/knowledge/save: a new entry (no id) or a change of one. */
export const saveFaq = (input: FaqSaveInput) => platformHttp.post<{ id: string }>('/aiquestion/knowledge/save', input);
export const useSaveFaq = () => useMutation({ mutationFn: saveFaq, onSuccess: useAfterFaqChange() });
