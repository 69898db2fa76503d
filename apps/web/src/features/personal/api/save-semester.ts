import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Semester, SemesterSaveRequest } from '@portal/contracts/personal';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** POST scSemester/save: a new semester, or one changed. */
export const saveSemester = (body: SemesterSaveRequest) => platformHttp.post<Semester>('/scSemester/save', body);

/** Every change to the school calendar refetches it. */
export function useSaveSemester() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSemester,
    onSuccess: () => client.invalidateQueries({ queryKey: personalKeys.schoolCalendars() }),
  });
}
