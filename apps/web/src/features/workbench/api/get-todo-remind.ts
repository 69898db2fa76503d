import { ospHttp } from '../../../lib/http/clients.ts';

export type TodoRemindValue = { field: 'todoNum' | 'todoTimeoutNum'; threshold: number; enabled: boolean };

/** POST cardcolumnconfig/todoNumRemindDetail. */
export const getTodoRemind = (columnId: string) =>
  ospHttp.post<TodoRemindValue>('/cardcolumnconfig/todoNumRemindDetail', { columnId });
