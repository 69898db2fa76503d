import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/**
 * The one query-key factory of the personal center (issue 15). Favourites and own ratings are shared keys
 * (lib/query-keys.ts): the services feature changes them; the user is the route guard's shared key.
 */
const all = ['personal'] as const;
export const personalKeys = {
  all,
  changePasswordInfo: () => [...all, 'changePasswordInfo'] as const,
  bindList: () => [...all, 'bindList'] as const,
  guiseLogoInfo: () => [...all, 'guiseLogoInfo'] as const,
  myRecent: (size: number) => [...all, 'myRecent', size] as const,
  myRates: (current: number, size: number) => [...sharedQueryKeys.ownRatings, current, size] as const,
  schoolCalendars: () => [...all, 'schoolCalendar'] as const,
  schoolCalendar: (body: object) => [...personalKeys.schoolCalendars(), body] as const,
  systemAccessLinks: () => [...all, 'systemAccessLinks'] as const,
};
