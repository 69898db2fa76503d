import type { Feedback } from '@portal/contracts/assistant';
import { platformHttp } from '../../../lib/http/clients.ts';

/** POST question/feedBack/saveQuestionFeedbackInfo: leave feedback on a question for the administrators. */
export function saveQuestionFeedback(input: {
  question: string;
  content: string;
  contact: string;
  recordId?: string;
}): Promise<Feedback> {
  return platformHttp.post<Feedback>('/question/feedBack/saveQuestionFeedbackInfo', input);
}
