import type { AuditEntry } from '@portal/contracts/audit';
import type { TFunction } from '../../../lib/i18n/i18n.ts';
import { fieldChanges, showValue, type FieldChange } from './diff.ts';

/*
 * An entry as an administrator reads it. The server records each item's state as its module keeps it (a card's row,
 * a navigation item's row, a setting's value), so the change log used to show `card_name`, `is_built 2` and
 * `value {…}`. Here a field gets its name (audit.fields), a coded value its meaning, and the server's summary (卡片「…」)
 * its English in an English interface; what only the database needs (ids, the tenant, time stamps) is left out.
 */

/** Bookkeeping of every row: not something an administrator changed. */
const HIDDEN = new Set(['id', 'tenant_id', 'created_at', 'updated_at']);

/** A setting's state is `{ value }`: an object value is shown field by field (the theme's colour, the footer's phone). */
function fieldsOf(kind: AuditEntry['entityKind'], state: unknown): unknown {
  if (kind !== 'setting' || !state || typeof state !== 'object') return state;
  const value = (state as { value?: unknown }).value;
  return value && typeof value === 'object' && !Array.isArray(value) ? value : state;
}

/** The changed fields of an entry, named and in the order recorded, without the rows' bookkeeping. */
export function readableChanges(entry: AuditEntry): FieldChange[] {
  return fieldChanges(fieldsOf(entry.entityKind, entry.before), fieldsOf(entry.entityKind, entry.after)).filter(
    (c) => !HIDDEN.has(c.field),
  );
}

export function fieldLabel(t: TFunction, field: string): string {
  return t(`audit.fields.${field}`, { defaultValue: field });
}

/** Coded values of the recorded rows, by field (and, for `status`, by what the entry is about). */
function codeKey(kind: AuditEntry['entityKind'], field: string, v: unknown): string | null {
  const n = typeof v === 'boolean' ? Number(v) : v;
  if (typeof n !== 'number') return null;
  if (field === 'is_built') return n === 1 ? 'builtIn' : 'custom';
  if (field === 'is_auto') return n === 1 ? 'enabled' : 'disabled';
  if (field === 'enabled' && kind === 'special') return n === 1 ? 'enabled' : 'disabled';
  if (field === 'embedded') return n === 1 ? 'embedded' : 'newTab';
  if (field === 'status' && kind === 'card') return n === 1 ? 'published' : 'unpublished';
  if (field === 'status' && kind === 'indexType') return n === 1 ? 'onPage' : 'takenDown';
  return null;
}

/** A recorded value as text: a coded value by its meaning, a switch as yes or no, anything else as recorded. */
export function valueText(t: TFunction, kind: AuditEntry['entityKind'], field: string, v: unknown): string {
  const code = codeKey(kind, field, v);
  if (code) return t(`audit.values.${code}`);
  if (typeof v === 'boolean') return t(v ? 'audit.values.yes' : 'audit.values.no');
  return showValue(v);
}

/** The server's summaries (zh-CN, as its modules write them): the kind of text and the names inside it. */
const SUMMARIES: readonly (readonly [RegExp, string, readonly string[]])[] = [
  [/^卡片「(.*)」$/s, 'card', ['name']],
  [/^卡片栏目「(.*)」$/s, 'cardColumn', ['name']],
  [/^常用工具「(.*)」$/s, 'tool', ['name']],
  [/^外部数据源「(.*)」$/s, 'externalApi', ['name']],
  [/^导航「(.*)」$/s, 'navigation', ['name']],
  [/^首页页签「(.*)」$/s, 'indexType', ['name']],
  [/^默认首页页签：「(.*)」$/s, 'defaultTab', ['name']],
  [/^主题「(.*)」$/s, 'theme', ['name']],
  [/^页脚信息$/, 'footer', []],
  [/^登录前首页配置$/, 'preLogin', []],
  [/^登录前首页页头链接$/, 'preLoginLinks', []],
  [/^用户「(.*)（(.*)）」的部门$/s, 'userDepartments', ['name', 'account']],
  [/^节假日「(.*)」$/s, 'holiday', ['name']],
  [/^服务专题「(.*)」$/s, 'special', ['name']],
  [/^时区「(.*)」$/s, 'timeZone', ['name']],
  [/^机器人助手设置$/, 'robot', []],
  [/^导入首页配置文件（(.*)，(.*) 导出）$/s, 'configImport', ['tenant', 'at']],
];

const REVERT_PREFIX = '撤销：';

/** The summary in the interface's language (audit.summaries holds the server's own zh-CN wording). */
export function summaryText(t: TFunction, summary: string): string {
  // A revert's summary is the reverted entry's, after 撤销： (audit.service's revert).
  if (summary.startsWith(REVERT_PREFIX))
    return t('audit.summaries.revert', { what: summaryText(t, summary.slice(REVERT_PREFIX.length)) });
  for (const [re, key, names] of SUMMARIES) {
    const m = re.exec(summary);
    if (m) return t(`audit.summaries.${key}`, Object.fromEntries(names.map((n, i) => [n, m[i + 1]])));
  }
  return summary;
}
