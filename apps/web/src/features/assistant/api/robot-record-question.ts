import { platformHttp } from '../../../lib/http/clients.ts';

/** POST aiquestion/recordQuestion: pass a question on to the administrators (RecordedQuestion). */
export function robotRecordQuestion(question: string, recordId?: string): Promise<{ recordId: string }> {
  return platformHttp.post<{ recordId: string }>('/aiquestion/recordQuestion', {
    question,
    ...(recordId ? { recordId } : {}),
  });
}
