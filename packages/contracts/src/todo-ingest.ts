import './zod-setup.ts';
import { z } from 'zod';
import { MESSAGES } from './errors.ts';
import { hasControlCharacters } from './services.ts';

/**
 * POST todo/ingestTodos (this project's; issue 16): a workflow engine connects its to-dos to the home cards
 * (待我处理, 待办事项, 已办事项, 个人事项 read wb_todos) the way efficiencyHomePage/ingestProcesses takes processes:
 * it calls as an account holding 卡片业务配置 (cardBusinessConfig), names each to-do's user by account, and keys each
 * to-do by its own id, so sending it again (handled: kind done; withdrawn: removed) replaces it. All or none per call.
 */
export const TODO_INGEST_PATH = '/todo/ingestTodos';
export const TODO_INGEST_MAX = 500;

/** [zh-CN, en-US]. */
export const TODO_INGEST_TEXTS = {
  duplicateExternalId: ['同一批次中待办编号重复', 'The same to-do id twice in one call'],
  noAccount: ['账号不存在', 'No such account in this tenant'],
} as const satisfies Record<string, readonly [string, string]>;

const Text = (max: number, name: string) =>
  z
    .string({ error: `${name}不能为空` })
    .trim()
    .min(1, `${name}不能为空`)
    .max(max, `${name}不能超过${max}个字符`)
    .refine((s) => !hasControlCharacters(s), MESSAGES.controlCharacters);
const Optional = (max: number, name: string) =>
  z
    .string()
    .trim()
    .max(max, `${name}不能超过${max}个字符`)
    .refine((s) => !hasControlCharacters(s), MESSAGES.controlCharacters)
    .default('');

export const IngestTodo = z.object({
  /** The engine's own id of the to-do (a task of a process instance). */
  externalId: z
    .string({ error: '待办编号不能为空' })
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, '待办编号只能由1到64个字母、数字和 . _ : - 组成'),
  /** Whose it is: the user's login account in this tenant. */
  account: Text(64, '账号'),
  /** todo (待办), done (已办) or matter (个人事项, a process the user started). */
  kind: z.enum(['todo', 'done', 'matter']).default('todo'),
  title: Text(300, '标题'),
  /** 流程类型: a 待我处理 column counts the to-dos of its category. */
  flowType: Optional(50, '流程类型'),
  /** A matter's state (审批中, 已办结 …). */
  status: Optional(50, '状态'),
  timeout: z.boolean().default(false),
  /** When it arrived (a matter: when it was started). */
  createdAt: z.iso.datetime({ offset: true, error: '时间格式不正确，应为 ISO 8601（如 2026-11-23T09:00:00+08:00）' }),
  /** The engine withdrew it: the portal forgets it. */
  removed: z.boolean().default(false),
});
export type IngestTodo = z.output<typeof IngestTodo>;

export const IngestTodosRequest = z.object({
  todos: z.array(IngestTodo).min(1, '请至少提交一条待办').max(TODO_INGEST_MAX, `一次最多提交${TODO_INGEST_MAX}条待办`),
});
export type IngestTodosRequest = z.input<typeof IngestTodosRequest>;

export const IngestTodosResult = z.object({
  received: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
});
export type IngestTodosResult = z.infer<typeof IngestTodosResult>;
