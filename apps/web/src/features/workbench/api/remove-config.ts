import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indexcardconfig/remove: cards with their columns, grants and places on home tabs (homePageConfig menu). */
export const removeCards = (ids: string[]) => ospHttp.post<{ count: number }>('/indexcardconfig/remove', { ids });

/** POST commonTool/remove (issue 16). */
export const removeTool = (id: string) => ospHttp.post<{ removed: boolean }>('/commonTool/remove', { id });

/** POST cardcolumnconfig/removeApi (issue 16): refused, naming them, while columns read the source. */
export const removeApi = (id: string) => ospHttp.post<{ removed: boolean }>('/cardcolumnconfig/removeApi', { id });
