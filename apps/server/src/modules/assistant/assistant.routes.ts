import {
  Feedback,
  FeedbackReplyRequest,
  FeedbackRequest,
  FaqBrief,
  FaqEnableRequest,
  FaqEntry,
  FaqIdRequest,
  FaqPageRequest,
  FaqSaveRequest,
  IsSolveRequest,
  ROBOT_KNOWLEDGE_MENU,
  ProgressStatistics,
  QuestionScene,
  RecommendQuery,
  RecordedQuestion,
  RecordQuestionRequest,
  RobotBaseInfo,
  RobotBaseInfoSubmit,
  RobotGreet,
  RobotQuestionRecord,
  RobotSearchRequest,
  RobotSearchResult,
  SceneOption,
  WantAnswerQuery,
  ROBOT_TEXTS,
} from '@portal/contracts/assistant';
import { envelope, OptionalPageRequest, pageOf } from '@portal/contracts/envelope';
import { IdRequest } from '@portal/contracts/messages';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import * as assistant from './assistant.service.ts';
import { limitOf } from '../../platform/rate-limit.ts';

/** Section 7.8, the robot assistant (platform group): answers from the FAQ, feedback and its progress. */
export async function assistantRoutes(app: App): Promise<void> {
  const r = typed(app);
  const { deps } = app;
  const P = GROUPS.platform;
  const tags = ['assistant'];

  r.get(
    `${P}/questionbasicconfig/baseInfo`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Robot assistant basic configuration', response: { 200: envelope(RobotBaseInfo) } },
    },
    async (request) => ok(await assistant.baseInfo(deps, userOf(request).tenantId)),
  );
  r.get(
    `${P}/aiquestion/greet`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Greeting, most asked questions and scenes', response: { 200: envelope(RobotGreet) } },
    },
    async (request) => ok(await assistant.greet(deps, userOf(request))),
  );
  r.get(
    `${P}/aiquestion/recommendLIst`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Most asked questions, optionally of one scene',
        querystring: RecommendQuery,
        response: { 200: envelope(z.array(FaqBrief)) },
      },
    },
    async (request) => ok(await assistant.recommend(deps, userOf(request), request.query)),
  );
  r.get(
    `${P}/aiquestion/wantAnswer`,
    {
      config: { access: 'user', rateLimit: limitOf('robotTyping') },
      schema: {
        tags,
        summary: 'Questions like the one being typed',
        querystring: WantAnswerQuery,
        response: { 200: envelope(z.array(FaqBrief)) },
      },
    },
    async (request) => ok(await assistant.wantAnswer(deps, userOf(request), request.query.question)),
  );
  r.post(
    `${P}/aiquestion/lucene/search`,
    {
      config: { access: 'user', rateLimit: limitOf('robot') },
      schema: {
        tags,
        summary: 'Answer a question from the FAQ (Chinese word segmentation); records it',
        body: RobotSearchRequest,
        response: { 200: envelope(RobotSearchResult) },
      },
    },
    async (request) => ok(await assistant.search(deps, userOf(request), request.body)),
  );
  r.post(
    `${P}/aiquestion/isSolve`,
    {
      config: { access: 'user', rateLimit: limitOf('feedback') },
      schema: {
        tags,
        summary: 'Whether the answer solved the question',
        body: IsSolveRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await assistant.isSolve(deps, userOf(request), request.body);
      return ok(null);
    },
  );
  r.post(
    `${P}/aiquestion/recordQuestion`,
    {
      config: { access: 'user', rateLimit: limitOf('robot') },
      schema: {
        tags,
        summary: 'Pass a question on to the administrators',
        body: RecordQuestionRequest,
        response: { 200: envelope(RecordedQuestion) },
      },
    },
    async (request) => ok(await assistant.recordQuestion(deps, userOf(request), request.body)),
  );
  // The robot's knowledge page (issue 14): every call checks the configuration menu robotKnowledgeConfig.
  const K = `${P}/aiquestion/knowledge`;
  const knowledge = { menu: ROBOT_KNOWLEDGE_MENU } as const;
  r.post(
    `${P}/questionbasicconfig/submit`,
    {
      config: knowledge,
      schema: {
        tags,
        summary:
          'Not in the spec: the robot’s name, greeting and switch, each text with its English; 409 when `version` is stale',
        body: RobotBaseInfoSubmit,
        response: { 200: envelope(RobotBaseInfo) },
      },
    },
    async (request) => ok(await assistant.saveBaseInfo(deps, userOf(request), request.body)),
  );
  r.post(
    `${K}/page`,
    {
      config: knowledge,
      schema: {
        tags,
        summary: 'The robot’s knowledge: entries enabled or not, by keyword and scene',
        body: FaqPageRequest,
        response: { 200: envelope(pageOf(FaqEntry)) },
      },
    },
    async (request) => ok(await assistant.faqPage(deps, userOf(request), request.body)),
  );
  r.post(
    `${K}/save`,
    {
      config: knowledge,
      schema: {
        tags,
        summary: 'Add or change an entry (question, answer, keywords, synonyms, scene); answered from at once',
        body: FaqSaveRequest,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => ok(await assistant.saveFaq(deps, userOf(request), request.body)),
  );
  r.post(
    `${K}/enable`,
    {
      config: knowledge,
      schema: {
        tags,
        summary: 'Turn an entry on or off',
        body: FaqEnableRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await assistant.enableFaq(deps, userOf(request), request.body.id, request.body.enabled);
      return ok(null);
    },
  );
  r.post(
    `${K}/remove`,
    {
      config: knowledge,
      schema: { tags, summary: 'Delete an entry', body: FaqIdRequest, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await assistant.removeFaq(deps, userOf(request), request.body.id);
      return ok(null);
    },
  );
  r.post(
    `${P}/aiquestion/unanswered/page`,
    {
      config: { access: 'user', admin: ROBOT_TEXTS.adminOnly },
      schema: {
        tags,
        summary: 'Unanswered, unsolved and passed-on questions (administrator)',
        body: OptionalPageRequest,
        response: { 200: envelope(pageOf(RobotQuestionRecord)) },
      },
    },
    async (request) => ok(await assistant.openQuestions(deps, userOf(request), request.body)),
  );
  r.get(
    `${P}/questionScene/list`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Question scenes with their questions',
        response: { 200: envelope(z.array(QuestionScene)) },
      },
    },
    async (request) => ok(await assistant.sceneList(deps, userOf(request))),
  );
  r.get(
    `${P}/questionScene/selectList`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Question scenes as dictionary options',
        response: { 200: envelope(z.array(SceneOption)) },
      },
    },
    async (request) => ok(await assistant.sceneSelectList(deps, userOf(request))),
  );
  r.post(
    `${P}/question/feedBack/saveQuestionFeedbackInfo`,
    {
      config: { access: 'user', rateLimit: limitOf('feedback') },
      schema: {
        tags,
        summary: 'Leave feedback on a question',
        body: FeedbackRequest,
        response: { 200: envelope(Feedback) },
      },
    },
    async (request) => ok(await assistant.saveFeedback(deps, userOf(request), request.body)),
  );
  r.post(
    `${P}/question/feedBack/reply`,
    {
      config: { access: 'user', admin: ROBOT_TEXTS.adminOnly, rateLimit: limitOf('feedback') },
      schema: {
        tags,
        summary: 'Handle and answer a feedback (administrator)',
        body: FeedbackReplyRequest,
        response: { 200: envelope(Feedback) },
      },
    },
    async (request) => ok(await assistant.replyFeedback(deps, userOf(request), request.body)),
  );
  r.post(
    `${P}/question/user/showProgress`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's feedback and how far each got",
        body: OptionalPageRequest,
        response: { 200: envelope(pageOf(Feedback)) },
      },
    },
    async (request) => ok(await assistant.showProgress(deps, userOf(request), request.body)),
  );
  r.post(
    `${P}/question/user/progressStatistics`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Counts of the caller's feedback by progress",
        response: { 200: envelope(ProgressStatistics) },
      },
    },
    async (request) => ok(await assistant.progressStatistics(deps, userOf(request))),
  );
  r.post(
    `${P}/question/user/progressDetail`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'One feedback with its reply', body: IdRequest, response: { 200: envelope(Feedback) } },
    },
    async (request) => ok(await assistant.progressDetail(deps, userOf(request), request.body.id)),
  );
}
