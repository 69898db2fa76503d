import { CONFIG_TRANSFER_TEXTS, type ConfigFileCalendar, type ConfigSkip } from '@portal/contracts/config-transfer';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import type { AppDeps } from '../../platform/http.ts';
import type { AuditTarget } from '../audit/audit.service.ts';
import { carriedOver, nameKey, sameJson, stampsOver } from '../audit/carried-over.ts';
import { serviceMatcher, serviceRefs } from '../services/catalogue-config-file.ts';
import { calendarSpecialsConfigFileRepository } from './calendar-specials.config-file.repository.ts';
import { calendarSpecialsRepository } from './calendar-specials.repository.ts';
import { holidaySummary, specialSummary } from './calendar-specials.service.ts';

/** The tenant's holidays and service specials, as items of the audit log (ADR 0075: an import records an entry per item). */
export async function calendarAuditTargets(deps: AppDeps, tenantId: string): Promise<AuditTarget[]> {
  const r = calendarSpecialsRepository(deps.db);
  const holidays = await r.holidays(tenantId);
  const specials = await r.specials(tenantId);
  return [
    ...holidays.map((h): AuditTarget => ({ kind: 'holiday', id: h.id, summary: holidaySummary(h.name) })),
    ...specials.map((s): AuditTarget => ({ kind: 'special', id: s.id, summary: specialSummary(s.title) })),
  ];
}

/**
 * The holidays and service specials of the workbench configuration file (ADR 0031); a special names its services by
 * name and department. The import writes with the `deps.db` given: the import's transaction.
 */
export async function exportCalendarConfig(deps: AppDeps, tenantId: string): Promise<ConfigFileCalendar> {
  const holidays = await calendarSpecialsConfigFileRepository(deps.db).holidays(tenantId);
  const r = calendarSpecialsRepository(deps.db);
  const specials = await r.specials(tenantId);
  const items = await r.specialItems(
    tenantId,
    specials.map((s) => s.id),
  );
  const refs = await serviceRefs(deps.db, tenantId, [...new Set(items.map((i) => i.service_id))]);
  return {
    holidays: holidays.map((h) => ({
      name: h.name,
      date: h.date,
      endDate: h.end_date,
      greeting: h.greeting,
      ...(h.name_en && { nameEn: h.name_en }),
      ...(h.greeting_en && { greetingEn: h.greeting_en }),
    })),
    specials: specials.map((s) => ({
      title: s.title,
      description: s.description,
      ...(s.title_en && { titleEn: s.title_en }),
      ...(s.description_en && { descriptionEn: s.description_en }),
      img: s.img,
      enabled: s.enabled === 1,
      services: items.filter((i) => i.special_id === s.id).flatMap((i) => refs.get(i.service_id) ?? []),
    })),
  };
}

/** Replaces them with the file's; a service the tenant does not have is left out of its special and reported. */
export async function importCalendarConfig(deps: AppDeps, tenantId: string, c: ConfigFileCalendar) {
  const match = await serviceMatcher(
    deps.db,
    tenantId,
    c.specials.flatMap((s) => s.services.map((x) => x.name)),
  );
  const now = nowIso();
  const skipped: ConfigSkip[] = [];
  // ADR 0078: a holiday of the file with the name and first day of one of the tenant's, or a special with the title
  // of one, keeps its id and creation time, and its update time when nothing of it changes.
  const r = calendarSpecialsRepository(deps.db);
  const [oldHolidays, oldSpecials] = await Promise.all([r.holidays(tenantId), r.specials(tenantId)]);
  const oldItems = await r.specialItems(
    tenantId,
    oldSpecials.map((s) => s.id),
  );
  const oldHoliday = carriedOver(oldHolidays, (h) => nameKey(h.name, h.date));
  const oldSpecial = carriedOver(oldSpecials, (s) => nameKey(s.title));
  const specials = c.specials.map((s, i) => {
    const was = oldSpecial(nameKey(s.title));
    const fields = {
      title: s.title,
      description: s.description,
      title_en: s.titleEn ?? '',
      description_en: s.descriptionEn ?? '',
      img: s.img,
      sort: i + 1,
      enabled: s.enabled ? 1 : 0,
    };
    const serviceIds = [
      ...new Set(
        s.services.flatMap((x) => {
          const id = match(x);
          if (!id)
            skipped.push({
              section: 'calendar',
              item: `${s.title} / ${x.dept ? `${x.dept} · ` : ''}${x.name}`,
              reason: CONFIG_TRANSFER_TEXTS.serviceMissing,
            });
          return id ? [id] : [];
        }),
      ),
    ];
    const sameServices =
      !!was &&
      sameJson(
        serviceIds,
        oldItems.filter((x) => x.special_id === was.id).map((x) => x.service_id),
      );
    return {
      row: {
        tenant_id: tenantId,
        id: was?.id ?? newId(),
        ...fields,
        ...stampsOver(was, fields, now, sameServices),
      },
      serviceIds,
    };
  });
  await calendarSpecialsConfigFileRepository(deps.db).replace(
    tenantId,
    c.holidays.map((h) => {
      const was = oldHoliday(nameKey(h.name, h.date));
      const fields = {
        name: h.name,
        date: h.date,
        end_date: h.endDate,
        greeting: h.greeting,
        name_en: h.nameEn ?? '',
        greeting_en: h.greetingEn ?? '',
      };
      return { tenant_id: tenantId, id: was?.id ?? newId(), ...fields, ...stampsOver(was, fields, now) };
    }),
    specials.map((s) => s.row),
    specials.flatMap((s) =>
      s.serviceIds.map((service_id, i) => ({
        tenant_id: tenantId,
        special_id: s.row.id,
        service_id,
        sort: i + 1,
      })),
    ),
  );
  return { holidays: c.holidays.length, specials: c.specials.length, skipped };
}
