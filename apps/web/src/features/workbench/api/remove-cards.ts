import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indexcardconfig/remove: cards with their columns, grants and places on home tabs (homePageConfig menu). */
export const removeCards = (ids: string[]) => ospHttp.post<{ count: number }>('/indexcardconfig/remove', { ids });
