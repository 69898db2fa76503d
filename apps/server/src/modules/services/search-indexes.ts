import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/create-db.ts';
import { WHOLE_CATALOGUE, catalogueVersion, changedSince } from './catalogue-version.ts';
import { servicesRepository } from './services.repository.ts';
import { ServiceSearchIndex, type SearchableService } from './services.search.ts';

/**
 * The search index of each tenant (ADR 0018), kept current without ever blocking the server:
 * - built in slices of SLICE services, each slice one short query and a yield to the event loop;
 * - on every search, the tenant's catalogue version is read (one primary-key read); services changed since the
 *   index's version (svc_catalogue_changes, written in the transaction of each change, on any node) are
 *   re-read and replaced in place — awaited when they are few, so a change is found at once; in the background
 *   when many (an import), the index answering meanwhile with what it has;
 * - a change of the whole catalogue, a node too far behind the change log, or an index with too many
 *   replaced entries is rebuilt in slices beside the old one, which answers until the new one is swapped in;
 * - visits (heat) are applied locally at each click, and re-read from the database in slices every HEAT_SYNC_MS
 *   so other nodes' clicks arrive too.
 */
export const SLICE = 1000;
/** Changes up to this many services are applied before the search answers. */
const INLINE_CHANGES = 200;
const HEAT_SYNC_MS = 60_000;
/** Rebuild when more than this share of the index's entries are replaced ones. */
const MAX_WASTE = 0.5;

type Entry = {
  index: ServiceSearchIndex;
  /** The catalogue version the index reflects. */
  version: number;
  /** The first build. */
  ready: Promise<void>;
  /** A catch-up, rebuild or heat sync in flight. */
  work: Promise<void> | null;
  /** The work in flight applies a few changes: searches wait for it. */
  inline: boolean;
  heatAt: number;
};

const entries = new WeakMap<object, Map<string, Entry>>();

/** A catalogue row with its visibility as the search index reads it (also the search bench's recall check). */
export const toSearchable = (
  r: Awaited<ReturnType<ReturnType<typeof servicesRepository>['searchable']>>[number],
  roles: Map<string, string[]>,
): SearchableService => ({
  id: r.id,
  name: r.service_name,
  labels: `${r.label_name} ${r.shelf_label_name}`,
  dept: r.dept_name,
  scene: r.scene_name,
  type: r.type_name,
  guide: r.guide_text ?? '',
  heat: Number(r.visit_count),
  isPublic: Number(r.is_public) === 1,
  businessType: r.business_type,
  roles: roles.get(r.id) ?? null,
});

/** Adds every service of the tenant to `index`, SLICE at a time, yielding between slices. */
async function fill(db: Db, tenantId: string, index: ServiceSearchIndex): Promise<void> {
  const repo = servicesRepository(db);
  let after = '';
  for (;;) {
    const rows = await repo.searchable(tenantId, { afterId: after, limit: SLICE });
    if (!rows.length) return;
    const roles = await repo.rolesOf(
      tenantId,
      rows.map((r) => r.id),
    );
    for (const r of rows) index.add(toSearchable(r, roles));
    after = rows[rows.length - 1]!.id;
    await yieldToLoop();
  }
}

/** Re-reads the given services (SLICE at a time) and replaces or removes them in the index. */
async function apply(db: Db, tenantId: string, index: ServiceSearchIndex, ids: readonly string[]): Promise<void> {
  const repo = servicesRepository(db);
  for (let i = 0; i < ids.length; i += SLICE) {
    const chunk = ids.slice(i, i + SLICE);
    const rows = await repo.searchable(tenantId, { ids: chunk });
    const roles = await repo.rolesOf(
      tenantId,
      rows.map((r) => r.id),
    );
    const present = new Set(rows.map((r) => r.id));
    for (const id of chunk) if (!present.has(id)) index.remove(id);
    for (const r of rows) index.add(toSearchable(r, roles));
    if (i + SLICE < ids.length) await yieldToLoop();
  }
}

async function rebuild(db: Db, tenantId: string, e: Entry, version: number): Promise<void> {
  const fresh = new ServiceSearchIndex();
  await fill(db, tenantId, fresh);
  // Changes committed while the slices were read are caught up by the next search.
  if (e.version <= version) {
    e.index = fresh;
    e.version = version;
    e.heatAt = Date.now();
  }
}

async function catchUp(db: Db, tenantId: string, e: Entry, version: number): Promise<void> {
  const ids = await changedSince(db, tenantId, e.version, version);
  if (ids === WHOLE_CATALOGUE || e.index.waste > MAX_WASTE) return rebuild(db, tenantId, e, version);
  await apply(db, tenantId, e.index, ids);
  e.version = Math.max(e.version, version);
}

async function syncHeat(db: Db, tenantId: string, e: Entry): Promise<void> {
  const repo = servicesRepository(db);
  let after = '';
  for (;;) {
    const rows = await repo.heats(tenantId, after, SLICE * 5);
    if (!rows.length) break;
    for (const r of rows) e.index.setHeat(r.id, Number(r.visit_count));
    after = rows[rows.length - 1]!.id;
    await yieldToLoop();
  }
  e.heatAt = Date.now();
}

/**
 * Runs `job` as the entry's one piece of work; `inline` work (a few changed services) is awaited by searches,
 * other work answers them from the index as it is. Failures leave the index as it was (the next search retries).
 */
function startWork(e: Entry, inline: boolean, job: () => Promise<void>): Promise<void> {
  const work = job().finally(() => {
    if (e.work === work) {
      e.work = null;
      e.inline = false;
    }
  });
  e.work = work;
  e.inline = inline;
  work.catch(() => {});
  return work;
}

/** Brings the index to `version`: the changed services in place when few (awaited), else in the background. */
async function advance(db: Db, tenantId: string, e: Entry, version: number): Promise<void> {
  for (let round = 0; round < 3 && e.version < version; round++) {
    if (e.work) {
      if (!e.inline) return;
      await e.work.catch(() => {});
      continue;
    }
    const from = e.version;
    const ids = await changedSince(db, tenantId, from, version);
    if (e.work) continue;
    if (ids !== WHOLE_CATALOGUE && ids.length <= INLINE_CHANGES && e.index.waste <= MAX_WASTE) {
      await startWork(e, true, async () => {
        await apply(db, tenantId, e.index, ids);
        e.version = Math.max(e.version, version);
      }).catch(() => {});
    } else {
      void startWork(e, false, () => catchUp(db, tenantId, e, version));
      return;
    }
  }
}

/**
 * The tenant's search index, current with the catalogue version read now (see above), or with `readVersion`, the
 * version the request has already read along with its session (ADR 0043).
 */
export async function searchIndexFor(db: Db, tenantId: string, readVersion?: number): Promise<ServiceSearchIndex> {
  let byTenant = entries.get(db);
  if (!byTenant) entries.set(db, (byTenant = new Map()));
  const version = readVersion ?? (await catalogueVersion(db, tenantId));
  let e = byTenant.get(tenantId);
  if (!e) {
    const entry: Entry = {
      index: new ServiceSearchIndex(),
      version,
      ready: Promise.resolve(),
      work: null,
      inline: false,
      heatAt: Date.now(),
    };
    entry.ready = fill(db, tenantId, entry.index).catch((err: unknown) => {
      byTenant.delete(tenantId);
      throw err;
    });
    byTenant.set(tenantId, entry);
    e = entry;
  }
  await e.ready;
  if (e.version < version) await advance(db, tenantId, e, version);
  else if (!e.work && Date.now() - e.heatAt > HEAT_SYNC_MS) {
    const entry = e;
    entry.heatAt = Date.now();
    void startWork(entry, false, () => syncHeat(db, tenantId, entry));
  }
  return e.index;
}

/** Starts catching the tenant's index up now (after an import), without waiting for a search. */
export function refreshIndex(db: Db, tenantId: string): void {
  const e = entries.get(db)?.get(tenantId);
  if (!e) return;
  void (async () => {
    await e.ready;
    await advance(db, tenantId, e, await catalogueVersion(db, tenantId));
  })().catch(() => {});
}

/** A click raised a service's heat on this node. */
export function bumpHeat(db: Db, tenantId: string, serviceId: string): void {
  entries.get(db)?.get(tenantId)?.index.bump(serviceId);
}

/** Waits for the tenant's background index work (tests, shutdown). */
export async function indexSettled(db: Db, tenantId: string): Promise<void> {
  await entries
    .get(db)
    ?.get(tenantId)
    ?.work?.catch(() => {});
}
