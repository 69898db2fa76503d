import { ospHttp } from '../../../lib/http/clients.ts';
import type { TodoRemindValue } from './get-todo-remind.ts';

/** POST cardcolumnconfig/saveTodoNumRemind. */
export const saveTodoRemind = (columnId: string, v: TodoRemindValue) =>
  ospHttp.post<TodoRemindValue & { columnId: string }>('/cardcolumnconfig/saveTodoNumRemind', { columnId, ...v });
