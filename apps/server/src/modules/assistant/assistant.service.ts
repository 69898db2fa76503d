import {
  FEEDBACK_STATUS,
  FEEDBACK_STATUS_NAMES,
  ROBOT_RECOMMEND_SIZE,
  ROBOT_SUGGEST_SIZE,
  ROBOT_TEXTS,
  type FaqAnswer,
  type FaqBrief,
  type FaqEntry,
  type FaqSaveRequest,
  type Feedback,
  type ProgressStatistics,
  type QuestionScene,
  type RobotBaseInfo,
  type RobotBaseInfoSubmit,
  type RobotGreet,
  type RobotQuestionRecord,
  type RobotSearchResult,
  type SceneOption,
} from '@portal/contracts/assistant';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { pageResult, type Page } from '../../platform/page.ts';
import { audited, expectVersion, registerAuditKind, withVersion } from '../audit/audit.service.ts';
import { assistantRepository } from './assistant.repository.ts';
import { chooseAnswer, faqSearchDoc, RELATED_COVERAGE, SearchIndex } from './assistant.search.ts';

type FaqDoc = { id: string; question: string; answer: string; url: string; sceneId: string; sceneName: string };

/** One index per tenant and process, rebuilt when the tenant's FAQ changes. */
const indexes = new WeakMap<AppDeps, Map<string, { signature: string; index: SearchIndex<FaqDoc> }>>();

async function faqIndex(deps: AppDeps, tenantId: string): Promise<SearchIndex<FaqDoc>> {
  const repo = assistantRepository(deps.db);
  const signature = await repo.faqSignature(tenantId);
  const perTenant = indexes.get(deps) ?? new Map();
  indexes.set(deps, perTenant);
  const cached = perTenant.get(tenantId);
  if (cached && cached.signature === signature) return cached.index;
  const rows = await repo.faqs(tenantId);
  const index = new SearchIndex<FaqDoc>(
    rows.map((r) =>
      faqSearchDoc({
        item: {
          id: r.id,
          question: r.question,
          answer: r.answer,
          url: r.url,
          sceneId: r.scene_id,
          sceneName: r.scene_name,
        },
        question: r.question,
        keywords: r.keywords,
        synonyms: r.synonyms,
        answer: r.answer,
      }),
    ),
  );
  perTenant.set(tenantId, { signature, index });
  return index;
}

const brief = (r: { id: string; question: string; scene_id: string; scene_name: string }): FaqBrief => ({
  id: r.id,
  question: r.question,
  sceneId: r.scene_id,
  sceneName: r.scene_name,
});
const docBrief = (d: FaqDoc): FaqBrief => ({
  id: d.id,
  question: d.question,
  sceneId: d.sceneId,
  sceneName: d.sceneName,
});

/** The robot's configuration as stored, null when the tenant has none. */
async function storedBaseInfo(deps: AppDeps, tenantId: string): Promise<RobotBaseInfo | null> {
  const row = await assistantRepository(deps.db).robotConfig(tenantId);
  if (!row) return null;
  return {
    robotName: row.robot_name,
    robotAvatar: row.robot_avatar,
    greeting: row.greeting,
    enabled: row.enabled === 1,
    robotNameEn: row.robot_name_en,
    greetingEn: row.greeting_en,
  };
}

/** questionbasicconfig/baseInfo: the robot's configuration, with the version a save names (ADR 0075). */
export async function baseInfo(deps: AppDeps, tenantId: string): Promise<RobotBaseInfo> {
  const info = await storedBaseInfo(deps, tenantId);
  if (!info) throw notFound('机器人助手尚未配置');
  return withVersion(info);
}

// The audit log (ADR 0030): the robot's name, greeting, switch and avatar; a revert writes them back. The avatar is
// in the state only when there is one, so an entry of before avatars could be edited still matches a robot without one.
const ROBOT_ENTITY = 'robot';
type RobotState = {
  robotName: string;
  robotNameEn: string;
  greeting: string;
  greetingEn: string;
  enabled: boolean;
  robotAvatar?: string;
};
const robotState = (i: RobotBaseInfo): RobotState => ({
  robotName: i.robotName,
  robotNameEn: i.robotNameEn ?? '',
  greeting: i.greeting,
  greetingEn: i.greetingEn ?? '',
  enabled: i.enabled,
  ...(i.robotAvatar && { robotAvatar: i.robotAvatar }),
});
const putRobot = (deps: AppDeps, tenantId: string, s: RobotState) =>
  assistantRepository(deps.db).putRobotConfig(tenantId, {
    robot_name: s.robotName,
    robot_name_en: s.robotNameEn,
    greeting: s.greeting,
    greeting_en: s.greetingEn,
    enabled: s.enabled ? 1 : 0,
    robot_avatar: s.robotAvatar ?? '',
  });
registerAuditKind('robot', {
  async snapshot(deps, tenantId) {
    const info = await storedBaseInfo(deps, tenantId);
    return info && robotState(info);
  },
  async restore(deps, tenantId, _id, state) {
    if (state) await putRobot(deps, tenantId, state as RobotState);
  },
});

/**
 * questionbasicconfig/submit (not in the spec): the robot's name, greeting and switch with their English, and its
 * avatar when sent, recorded on
 * 配置变更记录; refused with 409 when `version` is given and the configuration changed since it was read (ADR 0075).
 */
export async function saveBaseInfo(
  deps: AppDeps,
  ctx: RequestContext,
  input: RobotBaseInfoSubmit,
): Promise<RobotBaseInfo> {
  return audited(deps, ctx, { kind: 'robot', id: ROBOT_ENTITY, summary: '机器人助手设置' }, async (tx) => {
    await expectVersion(tx, `robot:${ctx.tenantId}`, input.version, () => storedBaseInfo(tx, ctx.tenantId));
    const before = input.robotAvatar === undefined ? await storedBaseInfo(tx, ctx.tenantId) : null;
    await putRobot(tx, ctx.tenantId, {
      // Not sent: the avatar stays as it is.
      robotAvatar: input.robotAvatar ?? before?.robotAvatar ?? '',
      robotName: input.robotName,
      robotNameEn: input.robotNameEn ?? '',
      greeting: input.greeting,
      greetingEn: input.greetingEn ?? '',
      enabled: input.enabled,
    });
    return baseInfo(tx, ctx.tenantId);
  });
}

async function sceneOptions(deps: AppDeps, tenantId: string): Promise<SceneOption[]> {
  return (await assistantRepository(deps.db).scenes(tenantId)).map((s) => ({ dictKey: s.id, dictValue: s.scene_name }));
}

/** aiquestion/greet: the greeting, the most asked questions and the scenes. */
export async function greet(deps: AppDeps, ctx: RequestContext): Promise<RobotGreet> {
  const info = await baseInfo(deps, ctx.tenantId);
  return {
    robotName: info.robotName,
    robotAvatar: info.robotAvatar,
    greeting: info.greeting,
    robotNameEn: info.robotNameEn,
    greetingEn: info.greetingEn,
    recommend: await recommend(deps, ctx, { size: ROBOT_RECOMMEND_SIZE }),
    scenes: await sceneOptions(deps, ctx.tenantId),
  };
}

/** aiquestion/recommendLIst: the most asked questions, of one scene when given. */
export async function recommend(
  deps: AppDeps,
  ctx: RequestContext,
  input: { sceneId?: string | undefined; size: number },
): Promise<FaqBrief[]> {
  return (await assistantRepository(deps.db).popular(ctx.tenantId, input.sceneId || undefined, input.size)).map(brief);
}

/** aiquestion/wantAnswer: questions like what the user is typing (the most asked ones for an empty text). */
export async function wantAnswer(deps: AppDeps, ctx: RequestContext, question: string): Promise<FaqBrief[]> {
  if (!question) return recommend(deps, ctx, { size: ROBOT_SUGGEST_SIZE });
  const index = await faqIndex(deps, ctx.tenantId);
  return index.search(question, ROBOT_SUGGEST_SIZE).map((h) => docBrief(h.item));
}

/**
 * aiquestion/lucene/search: the best FAQ answer when it covers the question well enough, related questions,
 * and a record of the question; an unanswered one is kept for the administrators.
 */
export async function search(
  deps: AppDeps,
  ctx: RequestContext,
  input: { question: string; sceneId?: string | undefined },
): Promise<RobotSearchResult> {
  const repo = assistantRepository(deps.db);
  const index = await faqIndex(deps, ctx.tenantId);
  let hits = index.search(input.question, 8);
  if (input.sceneId)
    hits = [
      ...hits.filter((h) => h.item.sceneId === input.sceneId),
      ...hits.filter((h) => h.item.sceneId !== input.sceneId),
    ];
  // No answer rather than a wrong one: too little of the question matched, or two entries match about as well.
  const best = chooseAnswer(hits);
  const related = hits.filter((h) => h !== best && h.coverage >= RELATED_COVERAGE).slice(0, 3);
  const recordId = newId();
  await repo.insertQuestion({
    id: recordId,
    tenant_id: ctx.tenantId,
    user_id: ctx.userId,
    user_name: ctx.userName,
    question: input.question,
    faq_id: best?.item.id ?? null,
    answered: best ? 1 : 0,
    solved: null,
    source: 'search',
    created_at: nowIso(),
  });
  let answer: FaqAnswer | null = null;
  if (best) {
    await repo.countHit(ctx.tenantId, best.item.id);
    answer = {
      ...docBrief(best.item),
      answer: best.item.answer,
      url: best.item.url,
      score: Math.round(best.coverage * 1000) / 1000,
    };
  }
  return {
    recordId,
    answered: Boolean(best),
    reply: answer?.answer ?? ROBOT_TEXTS.noAnswer,
    answer,
    related: related.map((h) => docBrief(h.item)),
  };
}

/** aiquestion/isSolve: whether the answer solved the question (an unsolved one goes to the administrators). */
export async function isSolve(
  deps: AppDeps,
  ctx: RequestContext,
  input: { recordId: string; isSolve: number },
): Promise<void> {
  if (!(await assistantRepository(deps.db).setSolved(ctx.tenantId, ctx.userId, input.recordId, input.isSolve)))
    throw notFound(ROBOT_TEXTS.noSuchRecord);
}

/** aiquestion/recordQuestion: the user passes a question on to the administrators. */
export async function recordQuestion(
  deps: AppDeps,
  ctx: RequestContext,
  input: { question: string; recordId?: string | undefined },
): Promise<{ recordId: string }> {
  const repo = assistantRepository(deps.db);
  const asked = input.recordId ? await repo.question(ctx.tenantId, ctx.userId, input.recordId) : undefined;
  if (input.recordId && !asked) throw notFound(ROBOT_TEXTS.noSuchRecord);
  const recordId = newId();
  await repo.insertQuestion({
    id: recordId,
    tenant_id: ctx.tenantId,
    user_id: ctx.userId,
    user_name: ctx.userName,
    question: input.question,
    faq_id: asked?.faq_id ?? null,
    answered: 0,
    solved: null,
    source: 'record',
    created_at: nowIso(),
  });
  return { recordId };
}

/** questionScene/list: every scene with its questions. */
export async function sceneList(deps: AppDeps, ctx: RequestContext): Promise<QuestionScene[]> {
  const repo = assistantRepository(deps.db);
  const [scenes, faqs] = await Promise.all([repo.scenes(ctx.tenantId), repo.faqsOfScenes(ctx.tenantId)]);
  return scenes.map((s) => {
    const questions = faqs.filter((f) => f.scene_id === s.id).map(brief);
    return { id: s.id, sceneName: s.scene_name, icon: s.icon, questionCount: questions.length, questions };
  });
}

/** questionScene/selectList: the scenes as dictionary options. */
export function sceneSelectList(deps: AppDeps, ctx: RequestContext): Promise<SceneOption[]> {
  return sceneOptions(deps, ctx.tenantId);
}

// ---------------------------------------------------------------- feedback and its progress

type FeedbackRow = NonNullable<Awaited<ReturnType<ReturnType<typeof assistantRepository>['feedback']>>>;
const feedbackOf = (r: FeedbackRow): Feedback => ({
  id: r.id,
  question: r.question,
  content: r.content,
  contact: r.contact,
  sceneName: r.scene_name ?? '',
  status: r.status,
  statusName: FEEDBACK_STATUS_NAMES[r.status] ?? '',
  reply: r.reply,
  createTime: r.created_at,
  updateTime: r.updated_at,
});

/** question/feedBack/saveQuestionFeedbackInfo */
export async function saveFeedback(
  deps: AppDeps,
  ctx: RequestContext,
  input: {
    question: string;
    content: string;
    contact: string;
    sceneId?: string | undefined;
    recordId?: string | undefined;
  },
): Promise<Feedback> {
  const repo = assistantRepository(deps.db);
  if (input.sceneId && !(await repo.scene(ctx.tenantId, input.sceneId))) throw notFound('场景不存在');
  if (input.recordId && !(await repo.question(ctx.tenantId, ctx.userId, input.recordId)))
    throw notFound(ROBOT_TEXTS.noSuchRecord);
  const id = newId();
  const now = nowIso();
  await repo.insertFeedback({
    id,
    tenant_id: ctx.tenantId,
    user_id: ctx.userId,
    user_name: ctx.userName,
    question: input.question,
    content: input.content,
    contact: input.contact,
    scene_id: input.sceneId ?? null,
    record_id: input.recordId ?? null,
    status: FEEDBACK_STATUS.pending,
    reply: '',
    created_at: now,
    updated_at: now,
  });
  return feedbackOf((await repo.feedback(ctx.tenantId, id))!);
}

/** question/user/showProgress: the caller's feedback, newest first. */
export async function showProgress(
  deps: AppDeps,
  ctx: RequestContext,
  input: { current: number; size: number },
): Promise<Page<Feedback>> {
  const { rows, total } = await assistantRepository(deps.db).feedbackPage(
    ctx.tenantId,
    ctx.userId,
    (input.current - 1) * input.size,
    input.size,
  );
  return pageResult(rows.map(feedbackOf), total, input.current, input.size);
}

/** question/user/progressStatistics */
export async function progressStatistics(deps: AppDeps, ctx: RequestContext): Promise<ProgressStatistics> {
  const counts = await assistantRepository(deps.db).feedbackCounts(ctx.tenantId, ctx.userId);
  const pending = counts.get(FEEDBACK_STATUS.pending) ?? 0;
  const processing = counts.get(FEEDBACK_STATUS.processing) ?? 0;
  const finished = counts.get(FEEDBACK_STATUS.finished) ?? 0;
  return { total: pending + processing + finished, pending, processing, finished };
}

/** question/user/progressDetail: one feedback of the caller (administrators may read any of the tenant). */
export async function progressDetail(deps: AppDeps, ctx: RequestContext, id: string): Promise<Feedback> {
  const row = await assistantRepository(deps.db).feedback(ctx.tenantId, id);
  if (!row || (row.user_id !== ctx.userId && ctx.roleType !== 'admin')) throw notFound(ROBOT_TEXTS.noSuchFeedback);
  return feedbackOf(row);
}

function requireAdmin(ctx: RequestContext): void {
  if (ctx.roleType !== 'admin') throw forbidden(ROBOT_TEXTS.adminOnly);
}

/** question/feedBack/reply (administrator): moves a feedback on and answers it. */
export async function replyFeedback(
  deps: AppDeps,
  ctx: RequestContext,
  input: { id: string; status: number; reply: string },
): Promise<Feedback> {
  requireAdmin(ctx);
  const repo = assistantRepository(deps.db);
  if (
    !(await repo.replyFeedback(ctx.tenantId, input.id, {
      status: input.status,
      reply: input.reply,
      updated_at: nowIso(),
    }))
  )
    throw notFound(ROBOT_TEXTS.noSuchFeedback);
  return feedbackOf((await repo.feedback(ctx.tenantId, input.id))!);
}

/** aiquestion/unanswered/page (administrator): what the robot could not answer, what did not help, what was passed on. */
export async function openQuestions(
  deps: AppDeps,
  ctx: RequestContext,
  input: { current: number; size: number },
): Promise<Page<RobotQuestionRecord>> {
  requireAdmin(ctx);
  const { rows, total } = await assistantRepository(deps.db).openQuestions(
    ctx.tenantId,
    (input.current - 1) * input.size,
    input.size,
  );
  return pageResult(
    rows.map((r) => ({
      id: r.id,
      question: r.question,
      userName: r.user_name,
      answered: r.answered === 1,
      solved: r.solved,
      source: r.source === 'record' ? ('record' as const) : ('search' as const),
      matchedQuestion: r.matched_question,
      createTime: r.created_at,
    })),
    total,
    input.current,
    input.size,
  );
}

// ---------------------------------------------------------------- the knowledge page (issue 14)

type FaqRow = Awaited<ReturnType<ReturnType<typeof assistantRepository>['faqPage']>>['rows'][number];
const faqEntryOf = (r: FaqRow): FaqEntry => ({
  id: r.id,
  question: r.question,
  answer: r.answer,
  keywords: r.keywords,
  synonyms: r.synonyms,
  url: r.url,
  sceneId: r.scene_id,
  sceneName: r.scene_name ?? '',
  enabled: r.enabled === 1,
  hits: Number(r.hits),
  updatedAt: r.updated_at,
});

/** The robot's knowledge, every entry enabled or not (the route checks the configuration menu). */
export async function faqPage(
  deps: AppDeps,
  ctx: RequestContext,
  input: { current: number; size: number; keyword?: string | undefined; sceneId?: string | undefined },
): Promise<Page<FaqEntry>> {
  const { rows, total } = await assistantRepository(deps.db).faqPage(
    ctx.tenantId,
    { keyword: input.keyword || undefined, sceneId: input.sceneId || undefined },
    (input.current - 1) * input.size,
    input.size,
  );
  return pageResult(rows.map(faqEntryOf), total, input.current, input.size);
}

/**
 * Adds an entry (no id) or changes one; the robot answers from it at once (the index is rebuilt when the
 * entries change). From the unanswered list (fromQuestionId) the question leaves that list.
 */
export async function saveFaq(deps: AppDeps, ctx: RequestContext, input: FaqSaveRequest): Promise<{ id: string }> {
  const repo = assistantRepository(deps.db);
  if (!(await repo.scene(ctx.tenantId, input.sceneId))) throw badRequest(ROBOT_TEXTS.noSuchScene, input.sceneId);
  const same = await repo.faqByQuestion(ctx.tenantId, input.question);
  if (same && same.id !== input.id) throw conflict(ROBOT_TEXTS.duplicateQuestion);
  const values = {
    question: input.question,
    answer: input.answer,
    keywords: input.keywords,
    synonyms: input.synonyms,
    url: input.url,
    scene_id: input.sceneId,
    enabled: input.enabled ? 1 : 0,
    updated_at: nowIso(),
  };
  let id = input.id;
  if (id) {
    if (!(await repo.updateFaq(ctx.tenantId, id, values))) throw notFound(ROBOT_TEXTS.noSuchFaq);
  } else {
    id = newId();
    await repo.insertFaq({
      id,
      tenant_id: ctx.tenantId,
      ...values,
      sort: await repo.nextFaqSort(ctx.tenantId),
      hits: 0,
    });
  }
  if (input.fromQuestionId) await repo.answerQuestion(ctx.tenantId, input.fromQuestionId, id);
  return { id };
}

/** Turns an entry on or off (an entry off is never answered, but kept). */
export async function enableFaq(deps: AppDeps, ctx: RequestContext, id: string, enabled: boolean): Promise<void> {
  const ok = await assistantRepository(deps.db).updateFaq(ctx.tenantId, id, {
    enabled: enabled ? 1 : 0,
    updated_at: nowIso(),
  });
  if (!ok) throw notFound(ROBOT_TEXTS.noSuchFaq);
}

export async function removeFaq(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  if (!(await assistantRepository(deps.db).removeFaq(ctx.tenantId, id))) throw notFound(ROBOT_TEXTS.noSuchFaq);
}
