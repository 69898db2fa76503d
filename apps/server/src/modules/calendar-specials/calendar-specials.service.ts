import {
  WORKBENCH_MESSAGES,
  type Holiday,
  type HolidayItem,
  type ServiceSpecial,
  type ServiceSpecialItem,
  SERVICE_SPECIAL_SERVICES_MAX,
} from '@portal/contracts/workbench';
import type { z } from 'zod';
import type { HolidaySubmit, ServiceSpecialSubmit } from '@portal/contracts/workbench';
import type { WbHolidayRow, WbServiceSpecialRow } from '../../db/tables/workbench.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { audited, registerAuditKind, type AuditTarget } from '../audit/audit.service.ts';
import { directory } from '../auth/auth.directory.ts';
import { catalogueReadsOf } from '../services/services.service.ts';
import { calendarSpecialsRepository } from './calendar-specials.repository.ts';

const repo = (deps: AppDeps) => calendarSpecialsRepository(deps.db);
const cat = (deps: AppDeps) => catalogueReadsOf(deps.db);

// ---- the audit log (ADR 0030) ----

// A holiday's state is its row; a revert puts the row back as it was, or removes it.
registerAuditKind('holiday', {
  async snapshot(deps, tenantId, id) {
    const row = await repo(deps).holiday(tenantId, id);
    return row ? { ...row } : null;
  },
  async restore(deps, tenantId, id, state) {
    const r = repo(deps);
    await r.removeHoliday(tenantId, id);
    if (state) await r.insertHoliday({ ...(state as WbHolidayRow), id, tenant_id: tenantId });
  },
});
// A service special's state is its row and its services in order (the ids stored, whether or not the catalogue
// still has them: the reads leave out the ones it has not); a revert puts both back as they were, or removes them.
registerAuditKind('special', {
  async snapshot(deps, tenantId, id) {
    const r = repo(deps);
    const row = await r.special(tenantId, id);
    return row ? { ...row, serviceIds: await r.specialServiceIds(tenantId, id) } : null;
  },
  async restore(deps, tenantId, id, state) {
    const r = repo(deps);
    await r.removeSpecials(tenantId, [id]);
    if (!state) return;
    const { serviceIds, ...row } = state as WbServiceSpecialRow & { serviceIds?: string[] };
    await r.insertSpecial({ ...row, id, tenant_id: tenantId }, serviceIds ?? []);
  },
});
export const holidaySummary = (name: string) => `节假日「${name}」`;
export const specialSummary = (title: string) => `服务专题「${title}」`;

// ---- holidays and service specials (homePage/getHoliday…, indexholidayconfig, indexservicespecialconfig) ----

const DAY_MS = 86_400_000;
const toHolidayItem = (r: WbHolidayRow): HolidayItem => ({
  id: r.id,
  name: r.name,
  date: r.date,
  endDate: r.end_date,
  greeting: r.greeting,
  nameEn: r.name_en,
  greetingEn: r.greeting_en,
  updatedAt: r.updated_at,
});

/** Today's date (YYYY-MM-DD) on the tenant's clock; Asia/Shanghai when the stored zone is not one Intl knows. */
function tenantToday(timeZone: string, now = Date.now()): string {
  const format = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format('Asia/Shanghai');
  }
}

/**
 * Coming holidays, nearest first: the days left to the first day, 0 from the first to the last day. Days are the
 * tenant's ("Dates: the tenant's time zone, never the UTC day"), as the web counts them in the holiday list.
 */
export async function holidays(deps: AppDeps, tenantId: string): Promise<Holiday[]> {
  const today = tenantToday(await directory.timeZone(deps.db, tenantId));
  return (await repo(deps).holidaysFrom(tenantId, today))
    .map((r) => ({
      id: r.id,
      name: r.name,
      date: r.date,
      endDate: r.end_date,
      greeting: r.greeting,
      nameEn: r.name_en,
      greetingEn: r.greeting_en,
      daysLeft: Math.max(0, Math.round((Date.parse(r.date) - Date.parse(today)) / DAY_MS)),
    }))
    .sort((a, b) => a.daysLeft - b.daysLeft || a.date.localeCompare(b.date));
}
/** Every holiday of the tenant by date, past ones included (administration). */
export const holidayList = async (deps: AppDeps, ctx: RequestContext): Promise<HolidayItem[]> =>
  (await repo(deps).holidays(ctx.tenantId)).map(toHolidayItem);

export async function submitHoliday(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof HolidaySubmit>,
): Promise<HolidayItem> {
  const now = nowIso();
  const set = {
    name: input.name,
    date: input.date,
    end_date: input.endDate || input.date,
    greeting: input.greeting,
    name_en: input.nameEn ?? '',
    greeting_en: input.greetingEn ?? '',
    updated_at: now,
  };
  const id = input.id ?? newId();
  return audited(deps, ctx, { kind: 'holiday', id, summary: holidaySummary(input.name) }, async (tx) => {
    const r = repo(tx);
    if (input.id) {
      const res = await r.updateHoliday(ctx.tenantId, input.id, set);
      if (!Number(res.numUpdatedRows)) throw notFound(WORKBENCH_MESSAGES.holidayNotFound, `holiday ${input.id}`);
    } else {
      await r.insertHoliday({ tenant_id: ctx.tenantId, id, ...set, created_at: now });
    }
    return toHolidayItem((await r.holiday(ctx.tenantId, id))!);
  });
}

export async function removeHolidays(deps: AppDeps, ctx: RequestContext, ids: string[]): Promise<number> {
  const own = (await repo(deps).holidays(ctx.tenantId)).filter((h) => ids.includes(h.id));
  if (own.length !== new Set(ids).size) throw notFound(WORKBENCH_MESSAGES.holidayNotFound, 'holidays');
  const targets = own.map((h): AuditTarget => ({ kind: 'holiday', id: h.id, summary: holidaySummary(h.name) }));
  return audited(deps, ctx, targets, async (tx) =>
    Number((await repo(tx).removeHolidays(ctx.tenantId, ids)).numDeletedRows),
  );
}

/** Enabled service specials by sort, with the services of each that the viewer's role may use, in the special's order. */
export async function serviceSpecials(
  deps: AppDeps,
  v: { tenantId: string; roleId: string },
  first = false,
): Promise<ServiceSpecial[]> {
  const r = repo(deps);
  const rows = await r.specials(v.tenantId, { enabledOnly: true, ...(first ? { limit: 1 } : {}) });
  const items = await r.specialItems(
    v.tenantId,
    rows.map((s) => s.id),
  );
  return Promise.all(
    rows.map(async (s) => {
      const serviceIds = items.filter((x) => x.special_id === s.id).map((x) => x.service_id);
      const shown = serviceIds.slice(0, SERVICE_SPECIAL_SERVICES_MAX);
      return {
        id: s.id,
        title: s.title,
        description: s.description,
        titleEn: s.title_en,
        descriptionEn: s.description_en,
        img: s.img,
        serviceIds,
        services: shown.length
          ? await cat(deps).services(v.tenantId, v.roleId, { ids: shown, limit: SERVICE_SPECIAL_SERVICES_MAX })
          : [],
      };
    }),
  );
}

/** Every special of the tenant, enabled or not, with its chosen services that still exist in the catalogue (administration). */
export async function specialList(deps: AppDeps, ctx: RequestContext): Promise<ServiceSpecialItem[]> {
  const r = repo(deps);
  const rows = await r.specials(ctx.tenantId);
  const items = await r.specialItems(
    ctx.tenantId,
    rows.map((s) => s.id),
  );
  const names = new Map(
    (await cat(deps).serviceNames(ctx.tenantId, [...new Set(items.map((x) => x.service_id))])).map((x) => [
      x.id,
      x.service_name,
    ]),
  );
  return rows.map((s) => {
    const serviceIds = items.filter((x) => x.special_id === s.id && names.has(x.service_id)).map((x) => x.service_id);
    return {
      id: s.id,
      title: s.title,
      description: s.description,
      titleEn: s.title_en,
      descriptionEn: s.description_en,
      img: s.img,
      sort: s.sort,
      enabled: s.enabled === 1,
      serviceIds,
      services: serviceIds.map((serviceId) => ({ serviceId, serviceName: names.get(serviceId)! })),
      updatedAt: s.updated_at,
    };
  });
}

/** Creates or updates a special with its services, in order; every service must be one of the tenant's. */
export async function submitSpecial(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof ServiceSpecialSubmit>,
): Promise<ServiceSpecialItem> {
  const known = new Set(await cat(deps).existingServiceIds(ctx.tenantId, input.serviceIds));
  const unknown = input.serviceIds.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(WORKBENCH_MESSAGES.specialServiceUnknown, `serviceIds: ${unknown.join(',')}`);
  const id = input.id ?? newId();
  return audited(deps, ctx, { kind: 'special', id, summary: specialSummary(input.title) }, async (tx) => {
    const r = repo(tx);
    const existing = input.id ? await r.special(ctx.tenantId, input.id) : undefined;
    if (input.id && !existing) throw notFound(WORKBENCH_MESSAGES.specialNotFound, `special ${input.id}`);
    const now = nowIso();
    const row = {
      tenant_id: ctx.tenantId,
      id,
      title: input.title,
      description: input.description,
      title_en: input.titleEn ?? '',
      description_en: input.descriptionEn ?? '',
      img: input.img,
      sort: input.sort ?? existing?.sort ?? (await r.maxSpecialSort(ctx.tenantId)) + 1,
      enabled: input.enabled ? 1 : 0,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    };
    if (!(await r.saveSpecial(row, input.serviceIds, !!existing)))
      throw notFound(WORKBENCH_MESSAGES.specialNotFound, `special ${id}`);
    return (await specialList(tx, ctx)).find((s) => s.id === id)!;
  });
}

export async function removeSpecials(deps: AppDeps, ctx: RequestContext, ids: string[]): Promise<number> {
  const own = (await repo(deps).specials(ctx.tenantId)).filter((s) => ids.includes(s.id));
  if (own.length !== new Set(ids).size) throw notFound(WORKBENCH_MESSAGES.specialNotFound, 'specials');
  const targets = own.map((s): AuditTarget => ({ kind: 'special', id: s.id, summary: specialSummary(s.title) }));
  return audited(deps, ctx, targets, (tx) => repo(tx).removeSpecials(ctx.tenantId, ids));
}
