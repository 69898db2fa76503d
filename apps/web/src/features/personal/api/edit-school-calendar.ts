import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarEvent,
  CalendarEventSaveRequest,
  Semester,
  SemesterSaveRequest,
} from '@portal/contracts/personal';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** Editing the school calendar (scSemester/save, remove, event/save, event/remove); every change refetches the calendar. */
export const saveSemester = (body: SemesterSaveRequest) => platformHttp.post<Semester>('/scSemester/save', body);
export const removeSemester = (id: string) => platformHttp.post<{ id: string }>('/scSemester/remove', { id });
export const saveCalendarEvent = (body: CalendarEventSaveRequest) =>
  platformHttp.post<CalendarEvent>('/scSemester/event/save', body);
export const removeCalendarEvent = (id: string) =>
  platformHttp.post<{ id: string }>('/scSemester/event/remove', { id });

function useCalendarMutation<A, R>(fn: (a: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: personalKeys.schoolCalendars() }),
  });
}

export const useSaveSemester = () => useCalendarMutation(saveSemester);
export const useRemoveSemester = () => useCalendarMutation(removeSemester);
export const useSaveCalendarEvent = () => useCalendarMutation(saveCalendarEvent);
export const useRemoveCalendarEvent = () => useCalendarMutation(removeCalendarEvent);
