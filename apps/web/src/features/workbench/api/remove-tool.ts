import { ospHttp } from '../../../lib/http/clients.ts';

/** POST commonTool/remove (issue 16). */
export const removeTool = (id: string) => ospHttp.post<{ removed: boolean }>('/commonTool/remove', { id });
