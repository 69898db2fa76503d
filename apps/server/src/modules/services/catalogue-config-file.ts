import {
  CONFIG_TRANSFER_TEXTS,
  type ConfigFileLanding,
  type ConfigFileService,
  type ConfigFileLandingTool,
  type ConfigSkip,
} from '@portal/contracts/config-transfer';
import type { Db } from '../../db/create-db.ts';
import { newId } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { catalogueConfigFileRepository } from './catalogue-config-file.repository.ts';
import { catalogueReads } from './catalogue-reads.repository.ts';
import { bumpCatalogue } from './catalogue-version.ts';

/**
 * The catalogue's part of the workbench configuration file (ADR 0031): the navigation bar and tools the landing page
 * and the comb-cygj calls show. A tool that opens a service names it by name and department instead of its id. `db`
 * is the import's transaction; the catalogue version moves with the change (ADR 0018), so every node shows the new
 * ones.
 */

/** Services by id as a configuration file names them: name and department. */
export async function serviceRefs(db: Db, tenantId: string, ids: string[]): Promise<Map<string, ConfigFileService>> {
  return new Map(
    (await catalogueReads(db).servicesWithDept(tenantId, ids)).map((s) => [
      s.id,
      { name: s.service_name, dept: s.dept_name ?? '' },
    ]),
  );
}

/**
 * Finds a file's service among the tenant's: same name and department, else the only service of that name; `names`
 * are every name the caller will ask about (read in one query).
 */
export async function serviceMatcher(db: Db, tenantId: string, names: string[]) {
  const candidates = await catalogueReads(db).servicesByName(tenantId, [...new Set(names)]);
  return (s: ConfigFileService): string | undefined => {
    const named = candidates.filter((c) => c.service_name === s.name);
    return (named.find((c) => (c.dept_name ?? '') === s.dept) ?? (named.length === 1 ? named[0] : undefined))?.id;
  };
}

/** The JSON configuration of a tool that opens a service; undefined for a plain link. */
function serviceConfigOf(url: string): Record<string, unknown> | undefined {
  if (!url.startsWith('{')) return undefined;
  try {
    const v: unknown = JSON.parse(url);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function exportLandingConfig(db: Db, tenantId: string): Promise<ConfigFileLanding> {
  const r = catalogueConfigFileRepository(db);
  const [bars, tools] = [await r.navigationBars(tenantId), await r.tools(tenantId)];
  const ids = tools.flatMap((t) => {
    const id = serviceConfigOf(t.tools_url)?.serviceId;
    return typeof id === 'string' ? [id] : [];
  });
  const services = await serviceRefs(db, tenantId, [...new Set(ids)]);
  return {
    navigationBars: bars.map((b) => ({ name: b.name, url: b.url, ...(b.name_en && { nameEn: b.name_en }) })),
    tools: tools.map((t): ConfigFileLandingTool => {
      const config = serviceConfigOf(t.tools_url);
      const service = typeof config?.serviceId === 'string' ? services.get(config.serviceId) : undefined;
      const { serviceId: _id, ...rest } = config ?? {};
      return {
        toolsName: t.tools_name,
        toolsIcon: t.tools_icon,
        toolsUrl: service ? JSON.stringify(rest) : t.tools_url,
        toolsType: t.tools_type,
        service: service ?? null,
      };
    }),
  };
}

/**
 * Replaces them with a file's. A tool whose service the tenant does not have is left out and reported; a link this
 * site refuses (`checkLink`, the navigation module's rule) fails the import.
 */
export async function importLandingConfig(
  db: Db,
  tenantId: string,
  landing: ConfigFileLanding,
  checkLink: (url: string) => void,
): Promise<{ count: number; skipped: ConfigSkip[] }> {
  for (const b of landing.navigationBars) checkLink(b.url);
  const match = await serviceMatcher(
    db,
    tenantId,
    landing.tools.flatMap((t) => (t.service ? [t.service.name] : [])),
  );
  const skipped: ConfigSkip[] = [];
  const tools: { name: string; icon: string; url: string; type: string }[] = [];
  for (const t of landing.tools) {
    const config = serviceConfigOf(t.toolsUrl);
    if (!config) checkLink(t.toolsUrl);
    else if (typeof config.url === 'string') checkLink(config.url);
    if (!t.service) {
      tools.push({ name: t.toolsName, icon: t.toolsIcon, url: t.toolsUrl, type: t.toolsType });
      continue;
    }
    if (!config)
      throw badRequest(CONFIG_TRANSFER_TEXTS.badContent, `landing tool ${t.toolsName}: service without JSON`);
    const serviceId = match(t.service);
    if (!serviceId) {
      skipped.push({
        section: 'landing',
        item: `${t.toolsName} / ${t.service.dept ? `${t.service.dept} · ` : ''}${t.service.name}`,
        reason: CONFIG_TRANSFER_TEXTS.serviceMissing,
      });
      continue;
    }
    const url = JSON.stringify({ ...config, serviceId });
    tools.push({ name: t.toolsName, icon: t.toolsIcon, url, type: t.toolsType });
  }
  await catalogueConfigFileRepository(db).replace(
    tenantId,
    barRows(tenantId, landing.navigationBars),
    tools.map((t, i) => ({
      id: newId(),
      tenant_id: tenantId,
      tools_name: t.name,
      tools_icon: t.icon,
      tools_url: t.url,
      tools_type: t.type,
      sort: i + 1,
    })),
  );
  await bumpCatalogue(db, tenantId);
  return { count: landing.navigationBars.length + tools.length, skipped };
}

type LandingLink = { name: string; nameEn?: string | undefined; url: string };
/** The navigation bar's rows of links, sorted in their order. */
const barRows = (tenantId: string, links: readonly LandingLink[]) =>
  links.map((b, i) => ({
    id: newId(),
    tenant_id: tenantId,
    name: b.name,
    name_en: b.nameEn ?? '',
    url: b.url,
    sort: i + 1,
  }));

/** The landing page's header links (comb-cygj's navigation bar) as the pre-login configuration edits them, in order. */
export async function landingLinks(db: Db, tenantId: string): Promise<{ name: string; nameEn: string; url: string }[]> {
  return (await catalogueConfigFileRepository(db).navigationBars(tenantId)).map((b) => ({
    name: b.name,
    nameEn: b.name_en,
    url: b.url,
  }));
}

/**
 * Replaces the header links in this order (the tools stay), in the caller's transaction, and bumps the catalogue's
 * version there, so every node's prepared landing answers follow at once (ADR 0018).
 */
export async function replaceLandingLinks(db: Db, tenantId: string, links: readonly LandingLink[]): Promise<void> {
  await catalogueConfigFileRepository(db).replaceNavigationBars(tenantId, barRows(tenantId, links));
  await bumpCatalogue(db, tenantId);
}
