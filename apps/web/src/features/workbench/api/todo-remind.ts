import { ospHttp } from '../../../lib/http/clients.ts';

export type TodoRemindValue = { field: 'todoNum' | 'todoTimeoutNum'; threshold: number; enabled: boolean };

/** POST cardcolumnconfig/todoNumRemindDetail. */
export const getTodoRemind = (columnId: string) =>
  ospHttp.post<TodoRemindValue>('/cardcolumnconfig/todoNumRemindDetail', { columnId });
/** POST cardcolumnconfig/saveTodoNumRemind. */
export const saveTodoRemind = (columnId: string, v: TodoRemindValue) =>
  ospHttp.post<TodoRemindValue & { columnId: string }>('/cardcolumnconfig/saveTodoNumRemind', { columnId, ...v });
