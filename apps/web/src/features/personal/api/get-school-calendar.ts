import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SchoolCalendar, SchoolCalendarRequest } from '@portal/contracts/personal';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** 7.9 POST scSemester/getSchoolCalendar: semesters, holidays and the current teaching week. */
export const getSchoolCalendar = (body: NonNullable<SchoolCalendarRequest> = {}) =>
  platformHttp.post<SchoolCalendar>('/scSemester/getSchoolCalendar', body);
export const getSchoolCalendarQueryOptions = (body: NonNullable<SchoolCalendarRequest>) =>
  queryOptions({
    queryKey: personalKeys.schoolCalendar(body),
    queryFn: () => getSchoolCalendar(body),
    placeholderData: keepPreviousData,
  });
export const useSchoolCalendar = (body: NonNullable<SchoolCalendarRequest>) =>
  useQuery(getSchoolCalendarQueryOptions(body));
