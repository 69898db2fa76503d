import { ACCESS_WAYS, OPEN_WAY_IN_PAGE, OPEN_WAY_NEW_TAB, OPEN_WAY_POPUP } from '@portal/contracts/services';
import type { CataloguePage, CataloguePageRequest, DictOption } from '@portal/contracts/transfer';
import {
  DATA_RANGE_CHOSEN,
  DATA_RANGE_SEARCH,
  RULE_SKIP,
  RULE_UPDATE,
  TRANSFER_TEXTS,
} from '@portal/contracts/transfer';
import type { Db } from '../../db/create-db.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { forbidden } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { pageResult } from '../../platform/page.ts';
import { requireMenu } from '../auth/auth.service.ts';
import {
  afterCatalogueImport,
  catalogueBulk,
  type CatalogueFilter,
  type ServiceFields,
  type ServiceKeyColumn,
} from '../services/catalogue-bulk.ts';
import { sanitizeGuide } from '../services/guide-html.ts';
import { transferRepository } from './transfer.repository.ts';
import {
  namesOf,
  orderedId,
  RowError,
  str,
  type Dataset,
  type RowOutcome,
  type RowValues,
  type Scope,
} from './transfer.rows.ts';

/**
 * The service catalogue (issue 3's svc_* tables) as a data set of import and export: services with their
 * department, scene and type (matched by name against the catalogue's own lists; all three are required, as
 * the catalogue shows a service only within its groups), business type, process type,
 * access and open way, address, description, label, visibility, shelf status, order and visible roles.
 * Only an administrator holding the serviceHallConfig menu may move it. An import adds services (a new code
 * each, never one taken from the file) or updates the tenant's own by the check fields; an update changes only
 * the columns the file matched. Icons (an address), shelf labels (one of the tenant's) and guides (rich text,
 * sanitised as the guide pages sanitise it; an empty cell of a matched guide column removes the guide) move too.
 */

export const CATALOGUE_MENU = 'serviceHallConfig';

/** Labels of the coded columns, as a spreadsheet shows them; an import accepts the label or the code. */
export const BUSINESS_TYPE_LABELS: Record<string, string> = { PROCESS: '办事服务', APPLICATION: '应用服务' };
export const PROCESS_TYPE_LABELS: Record<string, string> = { ONLINE: '线上办理', OFFLINE: '线下办理' };
export const OPEN_WAY_LABELS: Record<string, string> = {
  [OPEN_WAY_IN_PAGE]: '页面内打开',
  [OPEN_WAY_POPUP]: '弹窗打开',
  [OPEN_WAY_NEW_TAB]: '新标签页打开',
};
export const ACCESS_WAY_LABELS: Record<string, string> = { ...ACCESS_WAYS };
export const STATUS_LABELS: Record<string, string> = { '1': '上架', '0': '下架' };
export const YES_NO_LABELS: Record<string, string> = { '1': '是', '0': '否' };

/** Options of a coded column, in the order given (integer-like keys would otherwise come out ascending). */
const optionsOf = (labels: Record<string, string>, order = Object.keys(labels)): DictOption[] =>
  order.map((dictKey) => ({ dictKey, dictValue: labels[dictKey]! }));

/** The code of a label (or of the code itself); undefined when the text is neither. */
function codeOf(labels: Record<string, string>, text: string): string | undefined {
  if (Object.hasOwn(labels, text)) return text;
  return Object.entries(labels).find(([, label]) => label === text)?.[0];
}

/** A service address an import accepts: an http(s) URL, or a path on this site; never javascript: and the like. */
const SERVICE_URL = /^(https?:\/\/[^\s<>"'`]+|\/(?!\/)[^\s<>"'`]*)$/i;

/** The svc_services column of each dictionary-backed group field. */
const GROUP_COLUMN = { deptName: 'dept_id', sceneName: 'scene_id', typeName: 'type_id' } as const;

const groupsByName = (db: Db, table: 'svc_depts' | 'svc_scenes' | 'svc_types', tenantId: string) =>
  catalogueBulk(db).groups(tenantId, table);

const shelfLabelsOf = (db: Db, tenantId: string) => catalogueBulk(db).shelfLabels(tenantId);

const rolesOf = (db: Db, tenantId: string) => transferRepository(db).roles(tenantId);

/** Dictionaries of the catalogue's coded and dictionary-backed fields; null for a code that is not one of them. */
export async function catalogueDictionary(deps: AppDeps, tenantId: string, code: string): Promise<DictOption[] | null> {
  switch (code) {
    case 'serviceDept':
      return (await groupsByName(deps.db, 'svc_depts', tenantId)).map((g) => ({ dictKey: g.id, dictValue: g.name }));
    case 'serviceScene':
      return (await groupsByName(deps.db, 'svc_scenes', tenantId)).map((g) => ({ dictKey: g.id, dictValue: g.name }));
    case 'serviceType':
      return (await groupsByName(deps.db, 'svc_types', tenantId)).map((g) => ({ dictKey: g.id, dictValue: g.name }));
    case 'role':
      return (await rolesOf(deps.db, tenantId)).map((r) => ({ dictKey: r.id, dictValue: r.role_name }));
    case 'shelfLabel':
      return (await shelfLabelsOf(deps.db, tenantId)).map((r) => ({ dictKey: r.label_name, dictValue: r.label_name }));
    case 'businessType':
      return optionsOf(BUSINESS_TYPE_LABELS);
    case 'processType':
      return optionsOf(PROCESS_TYPE_LABELS);
    case 'accessWay':
      return optionsOf(ACCESS_WAY_LABELS);
    case 'openWay':
      return optionsOf(OPEN_WAY_LABELS);
    case 'serviceStatus':
      return optionsOf(STATUS_LABELS, ['1', '0']);
    case 'yesNo':
      return optionsOf(YES_NO_LABELS, ['1', '0']);
    default:
      return null;
  }
}

/** The caller may move the catalogue: an administrator holding the serviceHallConfig menu. */
export async function requireCatalogueAdmin(deps: AppDeps, ctx: RequestContext): Promise<void> {
  await requireMenu(deps, ctx, CATALOGUE_MENU);
  if (ctx.roleType !== 'admin') throw forbidden(TRANSFER_TEXTS.adminOnly, `roleType ${ctx.roleType}`);
}

/** The services an export or count of `scope` covers. */
function filterOf(scope: Scope): CatalogueFilter {
  if (scope.dataRange === DATA_RANGE_CHOSEN) return { ids: scope.ids };
  if (scope.dataRange !== DATA_RANGE_SEARCH) return {};
  const status = str(scope.search.status);
  return {
    serviceName: str(scope.search.serviceName),
    deptId: str(scope.search.deptId),
    businessType: str(scope.search.businessType),
    status: status === '0' || status === '1' ? Number(status) : null,
  };
}

/** A page of the tenant's services for the catalogue data page (search by name and department). */
export async function cataloguePage(
  deps: AppDeps,
  ctx: RequestContext,
  req: CataloguePageRequest,
): Promise<CataloguePage> {
  await requireCatalogueAdmin(deps, ctx);
  const scope: Scope = {
    dataRange: DATA_RANGE_SEARCH,
    search: { serviceName: req.serviceName ?? '', deptId: req.deptId ?? '' },
    ids: [],
  };
  const bulk = catalogueBulk(deps.db);
  const total = await bulk.count(ctx.tenantId, filterOf(scope));
  const rows = await bulk.page(ctx.tenantId, filterOf(scope), (req.current - 1) * req.size, req.size);
  return pageResult(
    rows.map((r) => ({
      id: r.id,
      serviceName: r.service_name,
      deptName: r.dept_name ?? '',
      sceneName: r.scene_name ?? '',
      typeName: r.type_name ?? '',
      // Codes: the page names them in the interface's language (an export's file, its labels in that language).
      businessType: r.business_type,
      status: Number(r.status),
      visitCount: Number(r.visit_count),
    })),
    total,
    req.current,
    req.size,
  );
}

/** Spreadsheet column → the svc_services column a check field compares. */
const CHECK_COLUMN = {
  serviceCode: 'id',
  serviceName: 'service_name',
  deptName: 'dept_id',
  serviceUrl: 'service_url',
} as const satisfies Record<string, ServiceKeyColumn>;
type CheckColumn = (typeof CHECK_COLUMN)[keyof typeof CHECK_COLUMN];

type ServiceValues = Partial<Omit<ServiceFields, 'id'>>;
/** `guide`: null when the file did not match the column; '' removes the guide. */
type Prepared = { code: string; values: ServiceValues; roles: string[] | null; guide: string | null };

export const service: Dataset = {
  name: 'service',
  title: '服务目录',
  menu: CATALOGUE_MENU,
  adminOnly: true,
  fields: [
    { id: 'serviceCode', field: '服务编码', required: false, dictCode: null, checkable: true },
    { id: 'serviceName', field: '服务名称', required: true, dictCode: null, checkable: true },
    { id: 'deptName', field: '所属部门', required: true, dictCode: 'serviceDept', checkable: true },
    { id: 'sceneName', field: '服务场景', required: true, dictCode: 'serviceScene', checkable: false },
    { id: 'typeName', field: '服务类型', required: true, dictCode: 'serviceType', checkable: false },
    { id: 'businessType', field: '业务类型', required: true, dictCode: 'businessType', checkable: false },
    { id: 'processType', field: '办理方式', required: false, dictCode: 'processType', checkable: false },
    { id: 'accessWay', field: '访问方式', required: false, dictCode: 'accessWay', checkable: false },
    { id: 'openWay', field: '打开方式', required: false, dictCode: 'openWay', checkable: false },
    { id: 'serviceUrl', field: '服务地址', required: false, dictCode: null, checkable: true },
    { id: 'description', field: '服务描述', required: false, dictCode: null, checkable: false },
    { id: 'labelName', field: '服务标签', required: false, dictCode: null, checkable: false },
    { id: 'isPublic', field: '是否公开', required: false, dictCode: 'yesNo', checkable: false },
    { id: 'status', field: '状态', required: false, dictCode: 'serviceStatus', checkable: false },
    { id: 'sort', field: '排序', required: false, dictCode: null, checkable: false },
    { id: 'roles', field: '可见角色', required: false, dictCode: 'role', checkable: false },
    { id: 'shelfLabelName', field: '上架标签', required: false, dictCode: 'shelfLabel', checkable: false },
    { id: 'serviceIcon', field: '服务图标', required: false, dictCode: null, checkable: false },
    { id: 'guide', field: '办事指南', required: false, dictCode: null, checkable: false },
    { id: 'visitCount', field: '访问量', required: false, dictCode: null, checkable: false },
  ],
  exportOnly: ['visitCount'],
  maxLength: {
    serviceCode: 64,
    serviceName: 200,
    deptName: 100,
    sceneName: 100,
    typeName: 100,
    businessType: 16,
    processType: 16,
    accessWay: 32,
    openWay: 32,
    serviceUrl: 1000,
    description: 4000,
    labelName: 50,
    isPublic: 4,
    status: 4,
    // room for what a spreadsheet may hold there (a date), so that the field's own rule names the fault
    sort: 64,
    roles: 1000,
    shelfLabelName: 50,
    serviceIcon: 1000,
    guide: 30000,
  },
  sample: {
    serviceCode: '',
    serviceName: '成绩单打印',
    deptName: '教务处',
    sceneName: '学习教学',
    typeName: '学生服务',
    businessType: '办事服务',
    processType: '线上办理',
    accessWay: '直接访问',
    openWay: '新标签页打开',
    serviceUrl: 'https://ehall.example.edu.cn/flow/transcript',
    description: '在线申请打印中英文成绩单。',
    labelName: '高频',
    isPublic: '否',
    status: '上架',
    sort: '1',
    roles: '学生、教师',
    shelfLabelName: '',
    serviceIcon: '',
    guide: '<p>办理流程：在线提交申请，审核通过后到教务处领取。</p>',
  },

  async count(deps, ctx, scope) {
    return catalogueBulk(deps.db).count(ctx.tenantId, filterOf(scope));
  },
  async *rows(deps, ctx, scope) {
    const roleNames = new Map((await rolesOf(deps.db, ctx.tenantId)).map((r) => [r.id, r.role_name]));
    let after = '';
    for (;;) {
      const bulk = catalogueBulk(deps.db);
      const rows = await bulk.after(ctx.tenantId, filterOf(scope), after, 2000);
      if (!rows.length) return;
      const roleRows = await bulk.rolesOf(
        ctx.tenantId,
        rows.map((r) => r.id),
      );
      const roles = new Map<string, string[]>();
      for (const r of roleRows) {
        const name = roleNames.get(r.role_id);
        if (name) roles.set(r.service_id, [...(roles.get(r.service_id) ?? []), name]);
      }
      yield rows.map((r) => ({
        serviceCode: r.id,
        serviceName: r.service_name,
        deptName: r.dept_name ?? '',
        sceneName: r.scene_name ?? '',
        typeName: r.type_name ?? '',
        businessType: BUSINESS_TYPE_LABELS[r.business_type] ?? r.business_type,
        processType: PROCESS_TYPE_LABELS[r.process_type] ?? r.process_type,
        accessWay: ACCESS_WAY_LABELS[r.access_way] ?? r.access_way,
        openWay: OPEN_WAY_LABELS[r.open_way] ?? r.open_way,
        serviceUrl: r.service_url,
        description: r.description,
        labelName: r.label_name,
        isPublic: YES_NO_LABELS[String(r.is_public)] ?? String(r.is_public),
        status: STATUS_LABELS[String(r.status)] ?? String(r.status),
        sort: String(r.sort),
        roles: (roles.get(r.id) ?? []).join('、'),
        shelfLabelName: r.shelf_label_name,
        serviceIcon: r.service_icon,
        guide: r.guide ?? '',
        visitCount: String(r.visit_count),
      }));
      after = rows[rows.length - 1]!.id;
      if (rows.length < 2000) return;
    }
  },

  async importer(deps, ctx) {
    await requireCatalogueAdmin(deps, ctx);
    const [depts, scenes, types, roles, shelfLabels] = await Promise.all([
      groupsByName(deps.db, 'svc_depts', ctx.tenantId),
      groupsByName(deps.db, 'svc_scenes', ctx.tenantId),
      groupsByName(deps.db, 'svc_types', ctx.tenantId),
      rolesOf(deps.db, ctx.tenantId),
      shelfLabelsOf(deps.db, ctx.tenantId),
    ]);
    const shelfLabelNames = new Set(shelfLabels.map((l) => l.label_name));
    // The first of equal names wins, as the lists show them in order.
    const byName = (rows: { id: string; name: string }[]) => {
      const m = new Map<string, string>();
      for (const r of rows) if (!m.has(r.name)) m.set(r.name, r.id);
      return m;
    };
    const groups = { deptName: byName(depts), sceneName: byName(scenes), typeName: byName(types) };
    const roleByName = byName(roles.map((r) => ({ id: r.id, name: r.role_name })));
    const fieldName = Object.fromEntries(service.fields.map((f) => [f.id, f.field]));

    /** The columns a row sets: only the fields the file matched (present in `v`). */
    const prepare = (v: RowValues): Prepared => {
      const values: ServiceValues = {};
      const has = (id: string) => Object.hasOwn(v, id);
      const coded = (id: string, labels: Record<string, string>) => {
        const text = v[id] ?? '';
        if (!text) return undefined;
        const code = codeOf(labels, text);
        if (code === undefined) throw new RowError(`${fieldName[id]}：${TRANSFER_TEXTS.unknownDictValue}`);
        return code;
      };
      if (has('serviceName')) values.service_name = v.serviceName!;
      for (const id of ['deptName', 'sceneName', 'typeName'] as const) {
        if (!has(id)) continue;
        const text = v[id] ?? '';
        const found = text ? groups[id].get(text) : '';
        if (found === undefined)
          throw new RowError(
            `${fieldName[id]}：${id === 'deptName' ? TRANSFER_TEXTS.unknownDept : TRANSFER_TEXTS.unknownDictValue}`,
          );
        values[GROUP_COLUMN[id]] = found;
      }
      if (has('businessType')) values.business_type = coded('businessType', BUSINESS_TYPE_LABELS)!;
      if (has('processType')) values.process_type = coded('processType', PROCESS_TYPE_LABELS) ?? 'ONLINE';
      if (has('accessWay')) values.access_way = coded('accessWay', ACCESS_WAY_LABELS) ?? '1';
      if (has('openWay')) values.open_way = coded('openWay', OPEN_WAY_LABELS) ?? OPEN_WAY_NEW_TAB;
      if (has('serviceUrl')) {
        const url = v.serviceUrl ?? '';
        if (url && !SERVICE_URL.test(url)) throw new RowError(TRANSFER_TEXTS.badServiceUrl);
        values.service_url = url;
      }
      if (has('description')) values.description = v.description ?? '';
      if (has('labelName')) values.label_name = v.labelName ?? '';
      if (has('shelfLabelName')) {
        const label = v.shelfLabelName ?? '';
        if (label && !shelfLabelNames.has(label))
          throw new RowError(`${fieldName.shelfLabelName}：${TRANSFER_TEXTS.unknownDictValue}`);
        values.shelf_label_name = label;
      }
      if (has('serviceIcon')) {
        const icon = v.serviceIcon ?? '';
        if (icon && !SERVICE_URL.test(icon)) throw new RowError(TRANSFER_TEXTS.badServiceIcon);
        values.service_icon = icon;
      }
      const guide = has('guide') ? sanitizeGuide(v.guide ?? '') : null;
      if (has('isPublic')) values.is_public = Number(coded('isPublic', YES_NO_LABELS) ?? 0);
      if (has('status')) values.status = Number(coded('status', STATUS_LABELS) ?? 1);
      if (has('sort')) {
        const sortText = v.sort ?? '';
        if (sortText && !/^\d{1,5}$/.test(sortText)) throw new RowError(`排序：${TRANSFER_TEXTS.sortRange}`);
        values.sort = Number(sortText || 0);
      }
      let roleIds: string[] | null = null;
      if (has('roles')) {
        const names = namesOf(v.roles);
        const unknown = names.filter((n) => !roleByName.has(n));
        if (unknown.length) throw new RowError(`${TRANSFER_TEXTS.rolesMissing}：${unknown.join('、')}`);
        roleIds = names.map((n) => roleByName.get(n)!);
      }
      return { code: v.serviceCode ?? '', values, roles: roleIds, guide };
    };

    const NEW_DEFAULTS = {
      scene_id: '',
      type_id: '',
      process_type: 'ONLINE',
      access_way: '1',
      open_way: OPEN_WAY_NEW_TAB,
      service_url: '',
      description: '',
      label_name: '',
      shelf_label_name: '',
      service_icon: '',
      is_public: 0,
      status: 1,
      sort: 0,
    };

    return {
      async applyBatch(trx, rows, ruleNum, checkFields) {
        const columns = checkFields
          .map((f) => CHECK_COLUMN[f as keyof typeof CHECK_COLUMN])
          .filter(Boolean) as CheckColumn[];
        const checkValue = (p: Prepared, c: CheckColumn) => (c === 'id' ? p.code : String(p.values[c] ?? ''));
        /** The duplicate key of a row; null when a check field is empty (nothing to compare: a new service). */
        const keyOf = (p: Prepared) => {
          const parts = columns.map((c) => checkValue(p, c));
          return parts.some((x) => !x) ? null : parts.join('\u0000');
        };
        const prepared = rows.map((v) => {
          try {
            return prepare(v);
          } catch (err) {
            if (err instanceof RowError) return err;
            throw err;
          }
        });
        const valid = prepared.filter((p): p is Prepared => !(p instanceof RowError));
        type Pending = { row: Required<ServiceValues> & { id: string }; roles: string[] | null; guide: string | null };
        const known = new Map<string, { id: string; pending: Pending | null }>();
        const bulk = catalogueBulk(trx);
        const by = (['id', 'service_name', 'service_url', 'dept_id'] as const).find((c) => columns.includes(c));
        const probe = by ? [...new Set(valid.map((p) => checkValue(p, by)).filter(Boolean))] : [];
        for (let i = 0; i < probe.length; i += 500) {
          // Only this tenant's services are found: a code of another tenant's service matches nothing.
          const found = await bulk.byKey(ctx.tenantId, by!, probe.slice(i, i + 500));
          for (const f of found) {
            const k = columns.map((c) => f[c]).join('\u0000');
            if (!known.has(k)) known.set(k, { id: f.id, pending: null });
          }
        }

        const now = nowIso();
        const inserts: Pending[] = [];
        const updated: string[] = [];
        const out: (RowOutcome | RowError)[] = [];
        for (const p of prepared) {
          if (p instanceof RowError) {
            out.push(p);
            continue;
          }
          const key = keyOf(p);
          const hit = key === null ? undefined : known.get(key);
          if (!hit) {
            const entry: Pending = {
              row: { ...NEW_DEFAULTS, ...(p.values as Required<ServiceValues>), id: orderedId() },
              roles: p.roles,
              guide: p.guide,
            };
            inserts.push(entry);
            if (key !== null) known.set(key, { id: entry.row.id, pending: entry });
            out.push('insert');
          } else if (ruleNum === RULE_SKIP) out.push('skip');
          else if (ruleNum !== RULE_UPDATE)
            out.push(new RowError(hit.pending ? TRANSFER_TEXTS.duplicateInFile : TRANSFER_TEXTS.duplicateRow));
          else {
            if (hit.pending) {
              Object.assign(hit.pending.row, p.values);
              if (p.roles) hit.pending.roles = p.roles;
              if (p.guide !== null) hit.pending.guide = p.guide;
            } else {
              await bulk.updateService(ctx.tenantId, hit.id, p.values, p.roles, p.guide, now);
              updated.push(hit.id);
            }
            out.push('update');
          }
        }
        await bulk.insertServices(
          ctx.tenantId,
          inserts.map((e) => ({ row: e.row, roleIds: e.roles ?? [], guide: e.guide })),
          now,
        );
        // The catalogue's version moves in this batch's transaction (ADR 0018): caches and other nodes' search indexes follow.
        const changed = [...inserts.map((e) => e.row.id), ...updated];
        if (changed.length) await bulk.changed(ctx.tenantId, changed);
        return out;
      },
      // After the last batch: fresh planner statistics on PostgreSQL, and the catalogue's search index catches
      // up with the imported services now, in slices off the request path (ADR 0018).
      done: async () => {
        await afterCatalogueImport(deps.engine, deps.db, ctx.tenantId);
      },
    };
  },
};
