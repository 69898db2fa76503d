import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** POST scSemester/event/remove. */
export const removeCalendarEvent = (id: string) =>
  platformHttp.post<{ id: string }>('/scSemester/event/remove', { id });

/** Every change to the school calendar refetches it. */
export function useRemoveCalendarEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeCalendarEvent,
    onSuccess: () => client.invalidateQueries({ queryKey: personalKeys.schoolCalendars() }),
  });
}
