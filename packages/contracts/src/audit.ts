import './zod-setup.ts';
import { z } from 'zod';

/**
 * The configuration audit log (issue 16, ADR 0030): every change an administrator makes to the workbench's
 * configuration (cards, their columns, home tabs and their cards, navigation, tools, theme and footer, the pre-login
 * page, holidays, service specials, the time zone) is recorded with who, when, what, before and after; administrators holding the configuration menu
 * configAuditLog (配置变更记录) read and filter it and may revert a change. Not calls of section 7: the portal's own,
 * in the online-service-platform group.
 */
export const AUDIT_MENU = 'configAuditLog';

export const AUDIT_PATHS = {
  list: '/auditlog/list',
  users: '/auditlog/users',
  revert: '/auditlog/revert',
} as const;

/** What an entry is about; each kind belongs to the module that owns its data (and reverts it). */
export const AUDIT_KINDS = [
  'card',
  'cardColumn',
  'tool',
  'externalApi',
  'indexType',
  'navigation',
  'setting',
  'preLogin',
  // A whole workbench configuration file imported (config-transfer, ADR 0031): before and after are its sections.
  'workbenchConfig',
  // A user's departments set by hand (auth, ADR 0035): before and after are the memberships with their source.
  'userDepartments',
  // The home page's holidays and service specials (calendar-specials): before and after are the row (a special's
  // with its services, in order).
  'holiday',
  'special',
  // The tenant's time zone (saved with the efficiency supervision settings): before and after are { timeZone }.
  'timeZone',
  // The robot assistant's name, greeting and switch (assistant): before and after are those fields.
  'robot',
] as const;
export const AuditKind = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof AuditKind>;

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'revert'] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** What stands in for a secret in `before` and `after` (an entry with one cannot be reverted). */
export const AUDIT_REDACTED = '[已隐藏]';

/** Server messages (section 8 style: zh-CN in msg). [zh-CN, en-US]. */
export const AUDIT_TEXTS = {
  notFound: ['该变更记录不存在', 'No such change'],
  changedSince: [
    '该配置在此变更之后又被修改过，不能撤销此变更',
    'The configuration changed again after this change; it cannot be reverted',
  ],
  alreadyReverted: ['此变更已撤销', 'This change has already been reverted'],
  notRevertible: ['此变更不能撤销', 'This change cannot be reverted'],
  badDate: ['日期格式应为 YYYY-MM-DD', 'A date is written YYYY-MM-DD'],
  badRange: ['开始日期不能晚于结束日期', 'The start date is after the end date'],
} as const satisfies Record<string, readonly [string, string]>;
export const AUDIT_MESSAGES = Object.fromEntries(Object.entries(AUDIT_TEXTS).map(([k, v]) => [k, v[0]])) as {
  [K in keyof typeof AUDIT_TEXTS]: (typeof AUDIT_TEXTS)[K][0];
};

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, AUDIT_TEXTS.badDate[0])
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), AUDIT_TEXTS.badDate[0]);

/** auditlog/list: a page of the tenant's entries, newest first; dates are days of the tenant's time zone. */
export const AuditListRequest = z
  .object({
    entityKind: AuditKind.optional(),
    action: AuditAction.optional(),
    userId: z.string().min(1).max(64).optional(),
    startDate: Day.optional(),
    endDate: Day.optional(),
    current: z.number().int().min(1).max(10_000).default(1),
    size: z.number().int().min(1).max(100).default(20),
  })
  .refine((r) => !r.startDate || !r.endDate || r.startDate <= r.endDate, {
    message: AUDIT_TEXTS.badRange[0],
    path: ['endDate'],
  });
export type AuditListRequest = z.input<typeof AuditListRequest>;

export const AuditRevertRequest = z.object({ id: z.string().min(1).max(64) });
export type AuditRevertRequest = z.input<typeof AuditRevertRequest>;

/** A JSON value as recorded (an object for every kind of today; null where there was nothing). */
const Json = z.unknown();

export const AuditEntry = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  /** ISO 8601 (UTC). */
  at: z.string(),
  entityKind: AuditKind,
  entityId: z.string(),
  action: AuditAction,
  summary: z.string(),
  before: Json.nullable(),
  after: Json.nullable(),
  /** For a revert: the entry it reverted. */
  revertOf: z.string().nullable(),
  /** The revert that undid this entry, if any. */
  revertedBy: z.string().nullable(),
  /** Whether the server would revert it now; when not, why (a message of AUDIT_TEXTS). */
  canRevert: z.boolean(),
  revertBlock: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  records: z.array(AuditEntry),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditUser = z.object({ userId: z.string(), userName: z.string() });
export type AuditUser = z.infer<typeof AuditUser>;
