import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarEvent, CalendarEventSaveRequest } from '@portal/contracts/personal';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** POST scSemester/event/save: a new event of a semester, or one changed. */
export const saveCalendarEvent = (body: CalendarEventSaveRequest) =>
  platformHttp.post<CalendarEvent>('/scSemester/event/save', body);

/** Every change to the school calendar refetches it. */
export function useSaveCalendarEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCalendarEvent,
    onSuccess: () => client.invalidateQueries({ queryKey: personalKeys.schoolCalendars() }),
  });
}
