import './zod-setup.ts';
import { z } from 'zod';
import { PageRequest } from './envelope.ts';
import { imageUrl } from './input.ts';

/** GET questionbasicconfig/baseInfo: the robot assistant's basic configuration. */
export const RobotBaseInfo = z.object({
  robotName: z.string(),
  robotAvatar: z.string(),
  greeting: z.string(),
  enabled: z.boolean(),
  /** ADR 0074: the name and greeting in English ('' none: the page in English shows the Chinese). */
  robotNameEn: z.string().optional(),
  greetingEn: z.string().optional(),
  /** The version of what was read (ADR 0075): a save that sends it back is refused when it changed since. */
  version: z.string().optional(),
});
export type RobotBaseInfo = z.infer<typeof RobotBaseInfo>;

/**
 * The robot assistant of 7.8 (platform group): greeting, recommended and suggested questions, answers
 * from the FAQ and the service guides, whether an answer solved the question, and question feedback.
 */

export const ROBOT_TEXTS = {
  noAnswer: '抱歉，暂时没有找到相关答案。您的问题已记录，管理员会尽快补充。',
  noSuchRecord: '提问记录不存在',
  noSuchFeedback: '反馈不存在',
  adminOnly: '只有管理员可以查看或处理',
  emptyQuestion: '请输入问题',
  noSuchFaq: '知识条目不存在',
  noSuchScene: '场景不存在',
  questionRequired: '请输入问题',
  answerRequired: '请输入答案',
  duplicateQuestion: '已有相同问题的知识条目',
  robotNameRequired: '请输入助手名称',
  greetingRequired: '请输入问候语',
  avatarInvalid: '头像图片地址不正确',
} as const;

/** The longest name and greeting of the robot (its table's columns hold 100 and 1,000 characters). */
export const ROBOT_NAME_MAX_LENGTH = 20;
export const ROBOT_GREETING_MAX_LENGTH = 500;

/**
 * questionbasicconfig/submit (not in the spec): the robot's name, greeting and switch, each text with its optional
 * English (ADR 0074; '' none), and its avatar (an uploaded image's address, '' none: the robot's icon; left as it is when
 * not sent). `version`: the one the administrator's screen read (ADR 0075).
 */
export const RobotBaseInfoSubmit = z.object({
  robotName: z
    .string({ error: ROBOT_TEXTS.robotNameRequired })
    .trim()
    .min(1, ROBOT_TEXTS.robotNameRequired)
    .max(ROBOT_NAME_MAX_LENGTH),
  greeting: z
    .string({ error: ROBOT_TEXTS.greetingRequired })
    .trim()
    .min(1, ROBOT_TEXTS.greetingRequired)
    .max(ROBOT_GREETING_MAX_LENGTH),
  enabled: z.boolean(),
  robotNameEn: z.string().trim().max(50).default(''),
  greetingEn: z.string().trim().max(1000).default(''),
  robotAvatar: imageUrl(ROBOT_TEXTS.avatarInvalid, 500).optional(),
  version: z.string().max(64).optional(),
});
export type RobotBaseInfoSubmit = z.input<typeof RobotBaseInfoSubmit>;

/** Feedback progress: 0 submitted (待处理), 1 being handled (处理中), 2 answered (已办结). */
export const FEEDBACK_STATUS = { pending: 0, processing: 1, finished: 2 } as const;
export const FEEDBACK_STATUS_NAMES: Record<number, string> = { 0: '待处理', 1: '处理中', 2: '已办结' };

/** How many questions the greeting and the recommend list carry; how many suggestions wantAnswer gives. */
export const ROBOT_RECOMMEND_SIZE = 6;
export const ROBOT_SUGGEST_SIZE = 5;
export const ROBOT_QUESTION_MAX_LENGTH = 200;

export const FaqBrief = z.object({ id: z.string(), question: z.string(), sceneId: z.string(), sceneName: z.string() });
export type FaqBrief = z.infer<typeof FaqBrief>;
/** Dictionary option (section 3: dictKey and dictValue). */
export const SceneOption = z.object({ dictKey: z.string(), dictValue: z.string() });
export type SceneOption = z.infer<typeof SceneOption>;

/** GET aiquestion/greet */
export const RobotGreet = z.object({
  robotName: z.string(),
  robotAvatar: z.string(),
  greeting: z.string(),
  robotNameEn: z.string().optional(),
  greetingEn: z.string().optional(),
  recommend: z.array(FaqBrief),
  scenes: z.array(SceneOption),
});
export type RobotGreet = z.infer<typeof RobotGreet>;

/** GET aiquestion/recommendLIst */
export const RecommendQuery = z.object({
  sceneId: z.string().trim().max(64).optional(),
  size: z.coerce.number().int().min(1).max(20).default(ROBOT_RECOMMEND_SIZE),
});
/** GET aiquestion/wantAnswer: questions like what the user is typing. */
export const WantAnswerQuery = z.object({ question: z.string().trim().max(ROBOT_QUESTION_MAX_LENGTH).default('') });

/** POST aiquestion/lucene/search */
export const RobotSearchRequest = z.object({
  question: z.string().trim().min(1, ROBOT_TEXTS.emptyQuestion).max(ROBOT_QUESTION_MAX_LENGTH),
  sceneId: z.string().trim().max(64).optional(),
});
export const FaqAnswer = FaqBrief.extend({ answer: z.string(), url: z.string(), score: z.number() });
export type FaqAnswer = z.infer<typeof FaqAnswer>;
export const RobotSearchResult = z.object({
  /** The recorded question; isSolve and recordQuestion refer to it. */
  recordId: z.string(),
  answered: z.boolean(),
  /** The robot's reply text: the best answer, or ROBOT_TEXTS.noAnswer. */
  reply: z.string(),
  answer: FaqAnswer.nullable(),
  related: z.array(FaqBrief),
});
export type RobotSearchResult = z.infer<typeof RobotSearchResult>;

/** POST aiquestion/isSolve: 1 solved, 0 not solved. */
export const IsSolveRequest = z.object({
  recordId: z.string().trim().min(1).max(64),
  isSolve: z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v === true || v === 1 ? 1 : 0)),
});
/** POST aiquestion/recordQuestion: the user asks for a question to be passed on to the administrators. */
export const RecordQuestionRequest = z.object({
  question: z.string().trim().min(1, ROBOT_TEXTS.emptyQuestion).max(ROBOT_QUESTION_MAX_LENGTH),
  recordId: z.string().trim().max(64).optional(),
});
export const RecordedQuestion = z.object({ recordId: z.string() });

/** GET questionScene/list */
export const QuestionScene = z.object({
  id: z.string(),
  sceneName: z.string(),
  icon: z.string(),
  questionCount: z.number().int(),
  questions: z.array(FaqBrief),
});
export type QuestionScene = z.infer<typeof QuestionScene>;

/** POST question/feedBack/saveQuestionFeedbackInfo */
export const FeedbackRequest = z.object({
  question: z.string().trim().min(1, ROBOT_TEXTS.emptyQuestion).max(ROBOT_QUESTION_MAX_LENGTH),
  content: z.string().trim().max(2000).default(''),
  contact: z.string().trim().max(100).default(''),
  sceneId: z.string().trim().max(64).optional(),
  recordId: z.string().trim().max(64).optional(),
});
export const Feedback = z.object({
  id: z.string(),
  question: z.string(),
  content: z.string(),
  contact: z.string(),
  sceneName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  reply: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Feedback = z.infer<typeof Feedback>;
/** POST question/user/progressStatistics */
export const ProgressStatistics = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  processing: z.number().int(),
  finished: z.number().int(),
});
export type ProgressStatistics = z.infer<typeof ProgressStatistics>;
/** POST question/feedBack/reply (administrator) */
export const FeedbackReplyRequest = z.object({
  id: z.string().trim().min(1).max(64),
  status: z.union([z.literal(FEEDBACK_STATUS.processing), z.literal(FEEDBACK_STATUS.finished)]),
  reply: z.string().trim().max(2000).default(''),
});

/** POST aiquestion/unanswered/page (administrator): questions the robot could not answer or that did not help. */
export const RobotQuestionRecord = z.object({
  id: z.string(),
  question: z.string(),
  userName: z.string(),
  answered: z.boolean(),
  /** null until the user said; 1 solved, 0 not solved. */
  solved: z.number().int().nullable(),
  source: z.enum(['search', 'record']),
  matchedQuestion: z.string().nullable(),
  createTime: z.string(),
});
export type RobotQuestionRecord = z.infer<typeof RobotQuestionRecord>;

/** The robot's knowledge page (issue 14): configuration menu robotKnowledgeConfig, checked on the server. */
export const ROBOT_KNOWLEDGE_MENU = 'robotKnowledgeConfig';
/** One entry of the robot's knowledge as its page lists and edits it. */
export const FaqEntry = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  /** Words the question is about (space separated). */
  keywords: z.string(),
  /** Other ways of asking it (同义问法), one per line. */
  synonyms: z.string(),
  url: z.string(),
  sceneId: z.string(),
  sceneName: z.string(),
  enabled: z.boolean(),
  hits: z.number().int(),
  updatedAt: z.string(),
});
export type FaqEntry = z.infer<typeof FaqEntry>;
export const FaqPageRequest = PageRequest.extend({
  keyword: z.string().trim().max(100).optional(),
  sceneId: z.string().trim().max(64).optional(),
});
/** POST aiquestion/knowledge/save: a new entry (no id) or a change of one. */
export const FaqSaveRequest = z.object({
  id: z.string().trim().max(64).optional(),
  question: z.string().trim().min(1, ROBOT_TEXTS.questionRequired).max(ROBOT_QUESTION_MAX_LENGTH),
  answer: z.string().trim().min(1, ROBOT_TEXTS.answerRequired).max(4000),
  keywords: z.string().trim().max(500).default(''),
  synonyms: z.string().trim().max(2000).default(''),
  url: z.string().trim().max(1000).default(''),
  sceneId: z.string().trim().min(1, ROBOT_TEXTS.noSuchScene).max(64),
  enabled: z.boolean().default(true),
  /** An unanswered question this entry answers (from the unanswered list): it leaves that list. */
  fromQuestionId: z.string().trim().max(64).optional(),
});
export type FaqSaveRequest = z.infer<typeof FaqSaveRequest>;
export const FaqIdRequest = z.object({ id: z.string().trim().min(1).max(64) });
export const FaqEnableRequest = z.object({ id: z.string().trim().min(1).max(64), enabled: z.boolean() });
