import { DUTY_TYPES } from '@portal/contracts/constants';
import type { DictOption, TransferDataset } from '@portal/contracts/transfer';
import {
  DATA_RANGE_CHOSEN,
  DATA_RANGE_SEARCH,
  DUTY_CONTENT_MAX,
  DUTY_NAME_MAX,
  DUTY_TYPE_MAX,
  RULE_SKIP,
  RULE_UPDATE,
  TRANSFER_TEXTS,
} from '@portal/contracts/transfer';
import { analyzeTables } from '../../db/sql-helpers.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { threeListsBulk, type DutyFilter, type DutyKeyColumn } from '../three-lists/three-lists.bulk.ts';
import { asDepartments, DUTY_MENU, getConfig, powerDeptIds } from '../three-lists/three-lists.service.ts';
import { withSubDepartments } from '../services/departments.ts';
import { robotFaqDataset, sceneDictionary } from '../assistant/assistant.transfer.ts';
import { catalogueDictionary, service } from './transfer.catalogue.ts';
import {
  namesOf,
  orderedId,
  RowError,
  rowByRow,
  str,
  type Dataset,
  type RowOutcome,
  type RowValues,
  type Scope,
} from './transfer.rows.ts';

export {
  orderedId,
  RowError,
  type Dataset,
  type Importer,
  type RowOutcome,
  type RowValues,
  type Scope,
} from './transfer.rows.ts';

/**
 * The data sets import and export are wired for, each with its system fields, its scope filters and how one
 * spreadsheet row becomes (or updates) a record. Adding a data set means adding an entry here.
 */

/** Rows an import must insert before the planner's statistics are refreshed (PostgreSQL ANALYZE). */
const ANALYZE_AFTER_ROWS = 1_000;

function dutyFilter(scope: Scope, depts: { id: string; parent_id: string }[]): DutyFilter {
  if (scope.dataRange === DATA_RANGE_CHOSEN) return { ids: scope.ids };
  if (scope.dataRange !== DATA_RANGE_SEARCH) return {};
  const f: DutyFilter = { dutyName: str(scope.search.dutyName) || null, keyword: str(scope.search.keyword) || null };
  const deptId = str(scope.search.deptId);
  if (deptId) f.deptIds = [...withSubDepartments(asDepartments(depts), [deptId])];
  return f;
}

const deptDuty: Dataset = {
  name: 'deptDuty',
  title: '部门职责清单',
  menu: DUTY_MENU,
  fields: [
    { id: 'deptName', field: '所属部门', required: true, dictCode: 'dept', checkable: true },
    { id: 'dutyName', field: '职责名称', required: true, dictCode: null, checkable: true },
    { id: 'dutyType', field: '职责类型', required: false, dictCode: 'dutyType', checkable: true },
    { id: 'dutyContent', field: '职责内容', required: false, dictCode: null, checkable: false },
    { id: 'sort', field: '排序', required: false, dictCode: null, checkable: false },
    { id: 'services', field: '关联服务', required: false, dictCode: null, checkable: false },
  ],
  maxLength: {
    deptName: 100,
    dutyName: DUTY_NAME_MAX,
    dutyType: DUTY_TYPE_MAX,
    dutyContent: DUTY_CONTENT_MAX,
    // room for what a spreadsheet may hold there (a date), so that the field's own rule names the fault
    sort: 64,
    services: 4000,
  },
  sample: {
    deptName: '教务处',
    dutyName: '本科教学运行管理',
    dutyType: '职责',
    dutyContent: '组织编制教学计划，安排课程与教室。',
    sort: '1',
    services: '成绩单打印、学籍信息修改',
  },

  async count(deps, ctx, scope) {
    const r = threeListsBulk(deps.db);
    return r.countDuties(ctx.tenantId, dutyFilter(scope, await r.depts(ctx.tenantId)));
  },
  async *rows(deps, ctx, scope) {
    const r = threeListsBulk(deps.db);
    const f = dutyFilter(scope, await r.depts(ctx.tenantId));
    // Each duty with its services' names, from one ordered stream (ADR 0046).
    for await (const batch of r.streamDuties(ctx.tenantId, f))
      yield batch.map((d) => ({
        deptName: d.dept_name,
        dutyName: d.duty_name,
        dutyType: d.duty_type,
        dutyContent: d.duty_content,
        sort: String(d.sort),
        services: d.services,
      }));
  },
  async importer(deps, ctx) {
    const r = threeListsBulk(deps.db);
    const [depts, power, config, services] = await Promise.all([
      r.depts(ctx.tenantId),
      powerDeptIds(deps, ctx),
      getConfig(deps, ctx.tenantId),
      r.servicesByName(ctx.tenantId),
    ]);
    const deptByName = new Map(depts.map((d) => [d.dept_name, d.id]));
    const serviceByName = services;
    type Prepared = {
      row: { dept_id: string; duty_name: string; duty_type: string; duty_content: string; sort: number };
      services: { id: string; service_name: string }[];
    };
    const prepare = (v: RowValues): Prepared => {
      const deptId = deptByName.get(v.deptName!);
      if (!deptId) throw new RowError(`所属部门：${TRANSFER_TEXTS.unknownDept}`);
      if (power !== 'all' && !power.has(deptId)) throw new RowError(`所属部门：${TRANSFER_TEXTS.noDept}`);
      const dutyType = v.dutyType ?? '';
      if (config.dutyTypeMust && !dutyType) throw new RowError(`${TRANSFER_TEXTS.requiredMissing}：职责类型`);
      if (dutyType && !(DUTY_TYPES as readonly string[]).includes(dutyType))
        throw new RowError(`职责类型：${TRANSFER_TEXTS.unknownDictValue}`);
      const sortText = v.sort ?? '';
      if (sortText && !/^\d{1,5}$/.test(sortText)) throw new RowError(`排序：${TRANSFER_TEXTS.sortRange}`);
      const names = namesOf(v.services);
      const unknown = names.filter((n) => !serviceByName.has(n));
      if (unknown.length) throw new RowError(`${TRANSFER_TEXTS.servicesMissing}：${unknown.join('、')}`);
      return {
        row: {
          dept_id: deptId,
          duty_name: v.dutyName!,
          duty_type: dutyType,
          duty_content: v.dutyContent ?? '',
          sort: Number(sortText || 0),
        },
        services: names.map((n) => ({ id: serviceByName.get(n)!, service_name: n })),
      };
    };
    const COLUMN = { deptName: 'dept_id', dutyName: 'duty_name', dutyType: 'duty_type' } as const;
    let inserted = 0;
    return {
      // After a bulk import, fresh planner statistics on PostgreSQL (issue 13; SQLite keeps none): the first pages
      // of the duty list are otherwise planned for the table as it was.
      async done() {
        if (inserted >= ANALYZE_AFTER_ROWS)
          await analyzeTables(deps.engine, deps.db, ['osp_duties', 'osp_duty_services']);
      },
      // Existing duties of the batch's check-field values come in one query; new ones go in multi-row inserts.
      async applyBatch(trx, rows, ruleNum, checkFields) {
        const columns = checkFields.map((f) => COLUMN[f as keyof typeof COLUMN]).filter(Boolean);
        const keyOf =
          columns.length === 1
            ? (r: Prepared['row']) => r[columns[0]!]
            : (r: Prepared['row']) => columns.map((c) => r[c]).join('\u0000');
        const prepared = rows.map((v) => {
          try {
            return prepare(v);
          } catch (err) {
            if (err instanceof RowError) return err;
            throw err;
          }
        });
        const valid = prepared.filter((p): p is Prepared => !(p instanceof RowError));
        const lists = threeListsBulk(trx);
        const known = new Map<
          string,
          { id: string; pending: { row: Prepared['row'] & { id: string }; services: Prepared['services'] } | null }
        >();
        if (valid.length) {
          // Filter on the most selective check column; with the duty name (its index answers the IN list) the
          // first duty of each key is picked here, otherwise SQL groups (a department can hold many duties).
          const by = columns.includes('duty_name')
            ? 'duty_name'
            : columns.includes('dept_id')
              ? 'dept_id'
              : 'duty_type';
          const found = await lists.dutiesByKey(
            ctx.tenantId,
            by,
            [...new Set(valid.map((p) => p.row[by]))],
            columns as DutyKeyColumn[],
          );
          for (const f of found) {
            const k = columns.map((c) => (f as Record<string, string>)[c]).join('\u0000');
            const prev = known.get(k);
            if (!prev || f.id < prev.id) known.set(k, { id: f.id, pending: null });
          }
        }
        const inserts: { row: Prepared['row'] & { id: string }; services: Prepared['services'] }[] = [];
        const out: (RowOutcome | RowError)[] = [];
        for (const p of prepared) {
          if (p instanceof RowError) {
            out.push(p);
            continue;
          }
          const key = keyOf(p.row);
          const hit = known.get(key);
          if (!hit) {
            const entry = { row: { id: orderedId(), ...p.row }, services: p.services };
            inserts.push(entry);
            known.set(key, { id: entry.row.id, pending: entry });
            out.push('insert');
          } else if (ruleNum === RULE_SKIP) out.push('skip');
          else if (ruleNum !== RULE_UPDATE)
            out.push(new RowError(hit.pending ? TRANSFER_TEXTS.duplicateInFile : TRANSFER_TEXTS.duplicateRow));
          else {
            if (hit.pending) {
              Object.assign(hit.pending.row, p.row);
              hit.pending.services = p.services;
            } else await lists.updateDuty(ctx.tenantId, hit.id, p.row, p.services);
            out.push('update');
          }
        }
        await lists.insertDuties(ctx.tenantId, inserts);
        inserted += inserts.length;
        return out;
      },
    };
  },
};

const dept: Dataset = {
  name: 'dept',
  title: '部门信息',
  menu: DUTY_MENU,
  fields: [
    { id: 'deptName', field: '部门名称', required: true, dictCode: null, checkable: true },
    { id: 'parentName', field: '上级部门', required: false, dictCode: 'dept', checkable: false },
    { id: 'responsibility', field: '部门职责', required: false, dictCode: null, checkable: false },
    { id: 'phone', field: '联系电话', required: false, dictCode: null, checkable: false },
    { id: 'address', field: '办公地址', required: false, dictCode: null, checkable: false },
  ],
  maxLength: { deptName: 100, parentName: 100, responsibility: 4000, phone: 64, address: 200 },
  sample: {
    deptName: '图书馆',
    parentName: '',
    responsibility: '负责文献资源建设与读者服务。',
    phone: '010-62750010',
    address: '图书馆一层',
  },

  async count(deps, ctx, scope) {
    return (await selectDepts(deps, ctx, scope)).length;
  },
  async *rows(deps, ctx, scope) {
    const list = await selectDepts(deps, ctx, scope);
    const names = new Map((await threeListsBulk(deps.db).depts(ctx.tenantId)).map((d) => [d.id, d.dept_name]));
    yield list.map((d) => ({
      deptName: d.dept_name,
      parentName: names.get(d.parent_id) ?? '',
      responsibility: d.responsibility,
      phone: d.phone,
      address: d.address,
    }));
  },
  async importer(deps, ctx) {
    if ((await powerDeptIds(deps, ctx)) !== 'all') throw forbidden(TRANSFER_TEXTS.noDept);
    return rowByRow(async (trx, v, ruleNum) => {
      const depts = threeListsBulk(trx);
      const all = await depts.depts(ctx.tenantId);
      const parent = v.parentName ? all.find((d) => d.dept_name === v.parentName) : undefined;
      if (v.parentName && !parent) throw new RowError(`上级部门：${TRANSFER_TEXTS.unknownDept}`);
      const existing = all.find((d) => d.dept_name === v.deptName);
      const values = { responsibility: v.responsibility ?? '', phone: v.phone ?? '', address: v.address ?? '' };
      if (existing) {
        if (ruleNum === RULE_SKIP) return 'skip';
        if (ruleNum !== RULE_UPDATE) throw new RowError(TRANSFER_TEXTS.duplicateRow);
        if (parent && withSubDepartments(asDepartments(all), [existing.id]).has(parent.id))
          throw new RowError(`上级部门：${TRANSFER_TEXTS.deptCycle}`);
        if (!(await depts.setParent(ctx.tenantId, existing.id, parent?.id ?? '')))
          throw new RowError(`上级部门：${TRANSFER_TEXTS.deptCycle}`);
        await depts.setDetails(ctx.tenantId, existing.id, values);
        return 'update';
      }
      // A new department joins the tenant's one list (the catalogue's department filter shows it too).
      const id = await depts.createDept(ctx.tenantId, v.deptName!, parent?.id ?? '');
      await depts.setDetails(ctx.tenantId, id, values);
      return 'insert';
    });
  },
};

async function selectDepts(deps: AppDeps, ctx: RequestContext, scope: Scope) {
  const all = await threeListsBulk(deps.db).depts(ctx.tenantId);
  if (scope.dataRange === DATA_RANGE_CHOSEN) return all.filter((d) => scope.ids.includes(d.id));
  if (scope.dataRange === DATA_RANGE_SEARCH) {
    const name = str(scope.search.deptName);
    return all.filter((d) => !name || d.dept_name.includes(name));
  }
  return all;
}

export const DATASETS: Record<TransferDataset, Dataset> = { deptDuty, dept, service, robotFaq: robotFaqDataset };

export function datasetOf(name: string): Dataset {
  const d = (DATASETS as Record<string, Dataset>)[name];
  if (!d) throw badRequest('不支持的数据类型', name);
  return d;
}

/** Options of a dictionary for the dictionary select (default dictKey/dictValue shape). */
export async function dictionary(
  deps: AppDeps,
  tenantId: string,
  code: string,
  search: string | undefined,
): Promise<DictOption[]> {
  let options: DictOption[];
  if (code === 'dept') {
    options = (await threeListsBulk(deps.db).depts(tenantId)).map((d) => ({
      dictKey: d.id,
      dictValue: d.dept_name,
    }));
  } else if (code === 'robotScene') {
    options = await sceneDictionary(deps, tenantId);
  } else if (code === 'dutyType') {
    options = DUTY_TYPES.map((t) => ({ dictKey: t, dictValue: t }));
  } else {
    const catalogue = await catalogueDictionary(deps, tenantId, code);
    if (!catalogue) throw badRequest('字典不存在', code);
    options = catalogue;
  }
  const s = search?.trim();
  return s ? options.filter((o) => o.dictValue.includes(s)) : options;
}
