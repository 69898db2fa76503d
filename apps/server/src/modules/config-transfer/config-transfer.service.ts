import type { Multipart } from '@fastify/multipart';
import {
  CONFIG_FILE_FORMAT,
  CONFIG_FILE_LEFT_OUT,
  CONFIG_FILE_MAX_BYTES,
  CONFIG_FILE_VERSION,
  CONFIG_TRANSFER_TEXTS,
  WorkbenchConfigFile,
  type ConfigImportSummary,
} from '@portal/contracts/config-transfer';
import { MESSAGES } from '@portal/contracts/errors';
import { basename } from 'node:path';
import type { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { auditedEach, registerAuditKind, type AuditTarget } from '../audit/audit.service.ts';
import { tenantOfId } from '../auth/auth.service.ts';
import {
  calendarAuditTargets,
  exportCalendarConfig,
  importCalendarConfig,
} from '../calendar-specials/calendar-specials.config-file.ts';
import {
  cardsAuditTargets,
  exportCardsConfig,
  importCardsConfig,
  importPlacements,
} from '../cards/cards.config-file.ts';
import { exportHomeConfig, homeAuditTargets, importHomeConfig } from '../home-config/home-config.config-file.ts';
import {
  exportNavigationConfig,
  importNavigationConfig,
  navigationAuditTargets,
} from '../navigation/navigation.config-file.ts';
import { assertCustomPath } from '../navigation/navigation.service.ts';
import { exportLandingConfig, importLandingConfig } from '../services/catalogue-config-file.ts';
import { exportSiteConfig, importSiteConfig, siteAuditTargets } from '../site-settings/site-settings.config-file.ts';
import {
  getConfig as threeListsConfig,
  saveConfig as saveThreeListsConfig,
} from '../three-lists/three-lists.service.ts';

/**
 * The workbench configuration file (issue 16, ADR 0031): a thin coordinator over the modules that own the tables.
 * Export reads each module's part; import replaces every part inside one transaction (a bad file or a failure
 * half-way changes nothing), and a preview runs the same import and rolls it back.
 */

/** The sections of a tenant's workbench configuration, as the file carries them. */
async function exportSections(deps: AppDeps, tenantId: string): Promise<WorkbenchConfigFile['sections']> {
  const { cards, tools, placementKeys } = await exportCardsConfig(deps, tenantId);
  const [tabs, navigation, settings, landing, calendar, threeLists] = await Promise.all([
    exportHomeConfig(deps, tenantId, placementKeys),
    exportNavigationConfig(deps, tenantId),
    exportSiteConfig(deps, tenantId),
    exportLandingConfig(deps.db, tenantId),
    exportCalendarConfig(deps, tenantId),
    threeListsConfig(deps, tenantId),
  ]);
  return { home: { tabs }, cards, navigation, tools, settings, landing, calendar, threeLists };
}

/** The file of the caller's tenant and its download name. */
export async function exportConfig(deps: AppDeps, ctx: RequestContext) {
  const tenantId = ctx.tenantId;
  const [sections, tenant] = await Promise.all([exportSections(deps, tenantId), tenantOfId(deps, tenantId)]);
  const exportedAt = new Date().toISOString();
  const file: WorkbenchConfigFile = {
    format: CONFIG_FILE_FORMAT,
    version: CONFIG_FILE_VERSION,
    exportedAt,
    tenantName: tenant.tenantName,
    leftOut: CONFIG_FILE_LEFT_OUT,
    sections,
  };
  // The school's date and time, as everything else it reads (at 21:42 in Los Angeles the UTC stamp said tomorrow).
  const stamp = tenantStamp(tenant.timeZone, Date.parse(exportedAt));
  return { file, fileName: `workbench-config-${tenantId.replace(/[^0-9A-Za-z_-]/g, '')}-${stamp}.json` };
}

/** YYYYMMDD-HHmm on the tenant's clock (Asia/Shanghai when the stored zone is not one Intl knows). */
export function tenantStamp(timeZone: string, at: number): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .reduce<Record<string, string>>((o, p) => ({ ...o, [p.type]: p.value }), {});
  let p: Record<string, string>;
  try {
    p = format(timeZone);
  } catch {
    p = format('Asia/Shanghai');
  }
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}`;
}

/** The uploaded file (one .json part, 2 MB) and the preview field, read from the multipart body. */
export async function readUpload(parts: AsyncIterableIterator<Multipart>): Promise<{ text: string; preview: boolean }> {
  let text: string | undefined;
  let preview = false;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'preview') preview = ['1', 'true'].includes(String(part.value));
        continue;
      }
      if (text !== undefined) {
        part.file.resume();
        throw badRequest(CONFIG_TRANSFER_TEXTS.oneFile);
      }
      const name = basename(part.filename || '');
      if (!/\.json$/i.test(name)) {
        part.file.resume();
        throw badRequest(CONFIG_TRANSFER_TEXTS.badExtension, name.slice(0, 200));
      }
      const data = await part.toBuffer();
      if (part.file.truncated || data.length > CONFIG_FILE_MAX_BYTES)
        throw new AppError(413, CONFIG_TRANSFER_TEXTS.tooLarge);
      text = data.toString('utf8');
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, CONFIG_TRANSFER_TEXTS.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(CONFIG_TRANSFER_TEXTS.oneFile);
    throw err;
  }
  if (text === undefined || !text.trim()) throw badRequest(CONFIG_TRANSFER_TEXTS.fileRequired);
  return { text, preview };
}

/** Whether a parsed JSON value holds a NUL character in any key or string. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v));
  return false;
}

/** The names a person knows the file's fields by, for the message of a bad file. */
const FIELD_NAMES: Record<string, string> = {
  cardName: '卡片名称',
  typeName: '首页标签名称',
  columnName: '栏目名称',
  navigationName: '导航名称',
  toolsName: '工具名称',
  configPath: '导航地址',
  toolsUrl: '工具地址',
  cardType: '卡片类型',
  dataSource: '数据来源',
  displayRows: '显示行数',
  tabs: '首页标签',
};

/** Section 8 wants a message a person reads: zod's own (English) ones are said in Chinese here. */
function problemOf(issue: z.core.$ZodIssue): string {
  // An empty or missing required text reads 不能为空 or 缺失 after the field's name, also where the contract words it
  // for a form (请输入卡片名称): the message names the field already.
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) return '不能为空';
  if (issue.code === 'invalid_type' && issue.input === undefined) return '缺失';
  if (/[\u4e00-\u9fff]/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_small':
      return `不能少于 ${String(issue.minimum)}`;
    case 'too_big':
      return `不能超过 ${String(issue.maximum)}`;
    case 'invalid_type':
      return issue.input === undefined ? '缺失' : '类型不正确';
    case 'invalid_value':
      return '取值不在允许的范围内';
    default:
      return '不正确';
  }
}

/** Checks a file's text: JSON, then format, then version, then the contract, then the card keys the tabs use. */
export function parseConfigFile(text: string): WorkbenchConfigFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw badRequest(CONFIG_TRANSFER_TEXTS.badJson, (err as Error).message.slice(0, 200));
  }
  // PostgreSQL stores no NUL in text: refused here as the input guard refuses it in a request (ADR 0017).
  if (holdsNul(raw)) throw badRequest(MESSAGES.controlCharacters, 'NUL character in the file');
  const head = (raw && typeof raw === 'object' ? raw : {}) as { format?: unknown; version?: unknown };
  if (head.format !== CONFIG_FILE_FORMAT)
    throw badRequest(CONFIG_TRANSFER_TEXTS.badFormat, `format: ${String(head.format).slice(0, 100)}`);
  if (head.version !== CONFIG_FILE_VERSION)
    throw badRequest(CONFIG_TRANSFER_TEXTS.badVersion, `version: ${String(head.version).slice(0, 20)}`);
  const parsed = WorkbenchConfigFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .slice(1);
    const field = FIELD_NAMES[String(issue.path[issue.path.length - 1])];
    throw badRequest(
      `${CONFIG_TRANSFER_TEXTS.badContent}：${where}${field ? `（${field}）` : ''}${problemOf(issue)}`,
      issue.message,
    );
  }
  const file = parsed.data;
  const keys = file.sections.cards.map((c) => c.key);
  const dup = keys.find((k, i) => keys.indexOf(k) !== i);
  if (dup) throw badRequest(CONFIG_TRANSFER_TEXTS.duplicateCardKey, `card key ${dup}`);
  // What the dialogs refuse (409 已有同名…) a file may not bring either.
  const named: Array<[string[], string, string]> = [
    [file.sections.cards.map((c) => c.basicConfig.cardName), CONFIG_TRANSFER_TEXTS.duplicateCardName, 'card'],
    [file.sections.home.tabs.map((t) => t.typeName), CONFIG_TRANSFER_TEXTS.duplicateTabName, 'tab'],
    [file.sections.tools.map((t) => t.toolsName), CONFIG_TRANSFER_TEXTS.duplicateToolName, 'tool'],
    [
      file.sections.navigation.map((n) => n.navigationName),
      CONFIG_TRANSFER_TEXTS.duplicateNavigationName,
      'navigation',
    ],
  ];
  for (const [names, message, what] of named) {
    const trimmed = names.map((n) => n.trim());
    const twice = trimmed.find((n, i) => trimmed.indexOf(n) !== i);
    if (twice !== undefined) throw badRequest(message, `${what} name ${twice}`);
  }
  for (const tab of file.sections.home.tabs) {
    const missing = tab.cards.find((k) => !keys.includes(k));
    if (missing) throw badRequest(CONFIG_TRANSFER_TEXTS.unknownCardKey, `${tab.typeName}: ${missing}`);
  }
  return file;
}

/** A preview's way out of its transaction (so that it rolls back) carrying what the import would have done. */
class PreviewDone extends Error {
  readonly summary: ConfigImportSummary;
  constructor(summary: ConfigImportSummary) {
    super('preview');
    this.summary = summary;
  }
}

/** Writes the sections over the tenant's workbench configuration (in the caller's transaction). */
async function applySections(t: AppDeps, tenantId: string, s: WorkbenchConfigFile['sections']) {
  const cards = await importCardsConfig(t, tenantId, s.cards, s.tools);
  const typeIds = await importHomeConfig(t, tenantId, s.home.tabs);
  await importPlacements(
    t,
    tenantId,
    s.home.tabs.map((tab, i) => ({ typeId: typeIds[i]!, cardIds: tab.cards.map((k) => cards.idOfKey.get(k)!) })),
  );
  const navigation = await importNavigationConfig(t, tenantId, s.navigation);
  // The three lists' page counts among the settings; a file without it leaves the page as it is.
  if (s.threeLists) await saveThreeListsConfig(t, tenantId, s.threeLists);
  const settings = (await importSiteConfig(t, tenantId, s.settings)) + (s.threeLists ? 1 : 0);
  const landing = await importLandingConfig(t.db, tenantId, s.landing, assertCustomPath);
  const calendar = await importCalendarConfig(t, tenantId, s.calendar);
  return {
    counts: {
      tabs: typeIds.length,
      ...cards.counts,
      navigation,
      settings,
      landing: landing.count,
      holidays: calendar.holidays,
      specials: calendar.specials,
    },
    skipped: [...cards.skipped, ...landing.skipped, ...calendar.skipped],
  };
}

/**
 * Every item the file's sections replace, as the audit log knows it (ADR 0075): an import writes an entry per item it
 * creates, changes or deletes, as a change of that item in its own dialog would, and each is reverted on its own.
 */
async function configAuditTargets(deps: AppDeps, tenantId: string): Promise<AuditTarget[]> {
  return [
    ...(await cardsAuditTargets(deps, tenantId)),
    ...(await homeAuditTargets(deps, tenantId)),
    ...(await navigationAuditTargets(deps, tenantId)),
    ...(await siteAuditTargets(deps, tenantId)),
    ...(await calendarAuditTargets(deps, tenantId)),
  ];
}

/**
 * Until ADR 0075 an import was one entry of kind workbenchConfig (ADR 0030) holding every section before and after;
 * such entries are still in tenants' logs and can still be reverted.
 */
registerAuditKind('workbenchConfig', {
  snapshot: async (deps, tenantId) => ({ sections: await exportSections(deps, tenantId) }),
  async restore(deps, tenantId, _id, state) {
    const sections = (state as { sections?: unknown } | null)?.sections;
    const parsed = WorkbenchConfigFile.shape.sections.safeParse(sections);
    if (!parsed.success) throw badRequest(CONFIG_TRANSFER_TEXTS.badContent, 'audit state');
    await applySections(deps, tenantId, parsed.data);
  },
});

/** Replaces the workbench configuration of the caller's tenant with the file's, all or nothing. */
export async function importConfig(
  deps: AppDeps,
  ctx: RequestContext,
  text: string,
  preview: boolean,
): Promise<ConfigImportSummary> {
  const file = parseConfigFile(text);
  const summaryOf = (done: Awaited<ReturnType<typeof applySections>>): ConfigImportSummary => ({
    preview,
    tenantName: file.tenantName,
    exportedAt: file.exportedAt,
    counts: done.counts,
    skipped: done.skipped,
    leftOut: CONFIG_FILE_LEFT_OUT,
  });
  if (!preview)
    return auditedEach(
      deps,
      ctx,
      (t) => configAuditTargets(t, ctx.tenantId),
      async (t) => summaryOf(await applySections(t, ctx.tenantId, file.sections)),
    );
  try {
    return await deps.db.transaction().execute(async (trx) => {
      throw new PreviewDone(summaryOf(await applySections({ ...deps, db: trx }, ctx.tenantId, file.sections)));
    });
  } catch (err) {
    if (err instanceof PreviewDone) return err.summary;
    throw err;
  }
}
