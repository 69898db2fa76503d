import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** POST scSemester/remove. */
export const removeSemester = (id: string) => platformHttp.post<{ id: string }>('/scSemester/remove', { id });

/** Every change to the school calendar refetches it. */
export function useRemoveSemester() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeSemester,
    onSuccess: () => client.invalidateQueries({ queryKey: personalKeys.schoolCalendars() }),
  });
}
