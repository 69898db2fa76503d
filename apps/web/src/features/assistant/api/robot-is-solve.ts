import { platformHttp } from '../../../lib/http/clients.ts';

/** POST aiquestion/isSolve: whether the answer solved the question (1 solved, 0 not). */
export function robotIsSolve(recordId: string, solved: boolean): Promise<null> {
  return platformHttp.post<null>('/aiquestion/isSolve', { recordId, isSolve: solved ? 1 : 0 });
}
