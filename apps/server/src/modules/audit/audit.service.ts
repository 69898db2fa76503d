import {
  AUDIT_MESSAGES,
  AUDIT_REDACTED,
  type AuditAction,
  type AuditEntry,
  type AuditKind,
  type AuditPage,
  type AuditUser,
} from '@portal/contracts/audit';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { z } from 'zod';
import type { AuditListRequest as AuditListRequestSchema } from '@portal/contracts/audit';
import type { AuditLogRow } from '../../db/tables/audit.ts';
import { engineOf, nowIso, transact } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { configChanges } from '../../platform/config-events.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { directory } from '../auth/auth.directory.ts';
import { auditRepository } from './audit.repository.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The configuration audit log (issue 16, ADR 0030). Modules record their changes through `audited()` — in the
 * transaction of the change, so a change that fails leaves no entry — and register, for each kind of entity they
 * own, how to read its state (`snapshot`) and how to put a state back (`restore`). A revert asks the owning module
 * to restore the entry's `before`; this module never touches another module's tables.
 */

/** An entity's state as JSON (an object), or null when it does not exist. */
export type AuditState = Record<string, unknown> | null;

export type AuditKindHandler = {
  /** The entity's current state, read with `deps.db` (the transaction when there is one). */
  snapshot(deps: AppDeps, tenantId: string, entityId: string): Promise<AuditState>;
  /** Makes the entity's state `state` again (null: remove it), with `deps.db` (the revert's transaction). */
  restore(deps: AppDeps, tenantId: string, entityId: string, state: AuditState): Promise<void>;
};

const handlers = new Map<AuditKind, AuditKindHandler>();

/** Called once by the module that owns the kind (at import time of its service). */
export function registerAuditKind(kind: AuditKind, handler: AuditKindHandler): void {
  handlers.set(kind, handler);
}

export type AuditTarget = { kind: AuditKind; id: string; summary: string };

const repo = (deps: AppDeps) => auditRepository(deps.db);

/** Runs `fn` in a transaction (or the caller's), with deps whose `db` is that transaction. */
export function inTransaction<T>(deps: AppDeps, fn: (tx: AppDeps) => Promise<T>): Promise<T> {
  return transact(deps.db, (trx) => fn(trx === deps.db ? deps : { ...deps, db: trx }));
}

// ---- secrets stay out of the log ----

const SECRET_KEY = /secret|password|passwd|pwd|token|credential|private.?key|api.?key|app.?key|signature|bind.?pw/i;
/** Keys whose string is an address: a password in it, or a secret-looking query parameter, is redacted. */
const URL_KEY = /url|uri|href|link|endpoint/i;
/** Keys naming a parameter (`{ name: 'token', value: '…' }`): the value beside such a name is a secret. */
const NAME_KEYS = ['name', 'field', 'key', 'paramName'];
const VALUE_KEYS = ['value', 'defaultValue'];

/**
 * The state with secrets replaced by AUDIT_REDACTED: values under secret-looking keys, values of parameters with
 * secret-looking names, and passwords and secret query parameters of addresses. `redacted` says whether any was.
 */
export function redact(value: unknown): { value: unknown; redacted: boolean } {
  let redacted = false;
  const hide = (x: unknown) => {
    if (x === '' || x === null || x === undefined) return x;
    redacted = true;
    return AUDIT_REDACTED;
  };
  const address = (raw: string): string => {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      return raw;
    }
    const mark = 'audit-redacted-9f3c';
    let changed = false;
    if (u.password) {
      u.password = mark;
      changed = true;
    }
    for (const k of [...u.searchParams.keys()])
      if (SECRET_KEY.test(k)) {
        u.searchParams.set(k, mark);
        changed = true;
      }
    if (!changed) return raw;
    redacted = true;
    return u.toString().replaceAll(mark, AUDIT_REDACTED);
  };
  const walk = (v: unknown, key = ''): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (typeof v === 'string') return URL_KEY.test(key) ? address(v) : v;
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const secretName = NAME_KEYS.some((k) => typeof o[k] === 'string' && SECRET_KEY.test(o[k]));
    return Object.fromEntries(
      Object.entries(o).map(([k, x]) => {
        if (SECRET_KEY.test(k) || (secretName && VALUE_KEYS.includes(k))) return [k, hide(x)];
        return [k, walk(x, k)];
      }),
    );
  };
  const out = walk(value);
  return { value: out, redacted };
}

/** JSON with object keys sorted, so that two equal states give the same text. */
export function stableJson(value: unknown): string {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(norm);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v as Record<string, unknown>)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, norm((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(norm(value) ?? null);
}

// ---- versions: optimistic concurrency of configuration saves (ADR 0075) ----

/**
 * The version of an item as a read answers it: a hash of its fields (keys sorted; `updatedAt` and `version` left
 * out). A save that sends it back is refused when the item reads otherwise now; no column or migration is needed, and
 * every kind of item gets one the same way.
 */
export function contentVersion(item: unknown): string {
  const rest =
    item && typeof item === 'object' && !Array.isArray(item)
      ? { ...(item as Record<string, unknown>), updatedAt: undefined, version: undefined }
      : item;
  return createHash('sha256').update(stableJson(rest)).digest('base64url').slice(0, 22);
}

/** The item with its `version` (ADR 0075). */
export const withVersion = <T extends object>(item: T): T & { version: string } => ({
  ...item,
  version: contentVersion(item),
});

/**
 * In a save's transaction, before anything is written: when the caller sent the version it read (`expected`), the
 * item as it is now (`current`, read with the transaction; null when gone) must still have it, else 409
 * changedMeanwhile and the transaction rolls back. On PostgreSQL two such saves of one item (`key`) wait for each
 * other (a transaction-scoped advisory lock), so the second reads what the first committed; SQLite runs one write
 * transaction at a time. Without `expected` nothing is checked (old clients, the spec's callers: last save wins).
 */
export async function expectVersion(
  tx: AppDeps,
  key: string,
  expected: string | undefined,
  current: () => Promise<unknown>,
): Promise<void> {
  if (expected === undefined) return;
  if (engineOf(tx.db) === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtextextended(${`config-version:${key}`}, 0))`.execute(tx.db);
  const now = await current();
  if (now === null || now === undefined || contentVersion(now) !== expected)
    throw conflict(WORKBENCH_MESSAGES.changedMeanwhile, key);
}

const handlerOf = (kind: AuditKind): AuditKindHandler => {
  const h = handlers.get(kind);
  if (!h) throw new Error(`no audit handler for ${kind}`);
  return h;
};

const whoOf = (ctx: RequestContext) => ctx.userName || ctx.nickName || ctx.account;

let sequence = 0;
/**
 * An entry's id sorts by time, then by the order this process wrote it (several entries of one transaction share
 * their millisecond), so that newest-first is stable; the UUID keeps ids of several nodes apart.
 */
export function auditId(now = Date.now()): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${now.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}-${newId()}`;
}

async function insertEntry(
  deps: AppDeps,
  ctx: RequestContext,
  e: {
    id?: string;
    kind: AuditKind;
    entityId: string;
    action: AuditAction;
    summary: string;
    before: AuditState;
    after: AuditState;
    revertOf?: string;
  },
): Promise<string> {
  const before = redact(e.before);
  const after = redact(e.after);
  const id = e.id ?? auditId();
  await repo(deps).insert({
    id,
    tenant_id: ctx.tenantId,
    user_id: ctx.userId,
    user_name: whoOf(ctx).slice(0, 100),
    at: nowIso(),
    entity_kind: e.kind,
    entity_id: e.entityId.slice(0, 200),
    action: e.action,
    summary: e.summary.slice(0, 300),
    before_json: e.before === null ? null : stableJson(before.value),
    after_json: e.after === null ? null : stableJson(after.value),
    revertible: e.action === 'revert' || before.redacted || after.redacted ? 0 : 1,
    revert_of: e.revertOf ?? null,
    reverted_by: null,
  });
  return id;
}

/**
 * Makes a change and records it: the targets' states are read before and after `change` (run with deps on the
 * same transaction), and one entry is written per target whose state changed (create, update or delete). When
 * `change` throws, nothing is written and nothing is recorded. `first`, when given, runs in the transaction before
 * the states before are read: a lock the change needs, so that the state before is the one the change starts from.
 */
export async function audited<T>(
  deps: AppDeps,
  ctx: RequestContext,
  targets: AuditTarget | AuditTarget[],
  change: (tx: AppDeps) => Promise<T>,
  first?: (tx: AppDeps) => Promise<void>,
): Promise<T> {
  const list = Array.isArray(targets) ? targets : [targets];
  const changed = new Set<AuditKind>();
  const result = await inTransaction(deps, async (tx) => {
    await first?.(tx);
    const before: AuditState[] = [];
    for (const t of list) before.push(await handlerOf(t.kind).snapshot(tx, ctx.tenantId, t.id));
    const result = await change(tx);
    for (const [i, t] of list.entries()) {
      const after = await handlerOf(t.kind).snapshot(tx, ctx.tenantId, t.id);
      const was = before[i] ?? null;
      if (stableJson(was) === stableJson(after)) continue;
      const action: AuditAction = was === null ? 'create' : after === null ? 'delete' : 'update';
      await insertEntry(tx, ctx, { kind: t.kind, entityId: t.id, action, summary: t.summary, before: was, after });
      changed.add(t.kind);
    }
    return result;
  });
  tellCommitted(deps, ctx.tenantId, changed);
  return result;
}

/**
 * Like `audited`, for a change whose items are not known before it runs (an import of the configuration file, ADR
 * 0075): `targets` lists the items there are, read once before and once after `change` in its transaction; every
 * item of either list whose state changed gets its own entry (create, update or delete), as a manual change of that
 * item would, all in the change's transaction. A summary is the item's after the change when it still exists.
 */
export async function auditedEach<T>(
  deps: AppDeps,
  ctx: RequestContext,
  targets: (tx: AppDeps) => Promise<AuditTarget[]>,
  change: (tx: AppDeps) => Promise<T>,
): Promise<T> {
  const changed = new Set<AuditKind>();
  const keyOf = (t: AuditTarget) => `${t.kind}\u0000${t.id}`;
  const result = await inTransaction(deps, async (tx) => {
    const was = new Map<string, { target: AuditTarget; state: AuditState }>();
    for (const t of await targets(tx))
      was.set(keyOf(t), { target: t, state: await handlerOf(t.kind).snapshot(tx, ctx.tenantId, t.id) });
    const result = await change(tx);
    const after = new Map((await targets(tx)).map((t) => [keyOf(t), t]));
    for (const [key, t] of was) if (!after.has(key)) after.set(key, t.target);
    for (const [key, t] of after) {
      const before = was.get(key)?.state ?? null;
      const now = await handlerOf(t.kind).snapshot(tx, ctx.tenantId, t.id);
      if (stableJson(before) === stableJson(now)) continue;
      const action: AuditAction = before === null ? 'create' : now === null ? 'delete' : 'update';
      await insertEntry(tx, ctx, { kind: t.kind, entityId: t.id, action, summary: t.summary, before, after: now });
      changed.add(t.kind);
    }
    return result;
  });
  tellCommitted(deps, ctx.tenantId, changed);
  return result;
}

/**
 * Signed-in users' pages follow a committed change (platform/config-events.ts: the chat tells every socket of the
 * tenant). A change made inside a caller's transaction is not committed yet when it returns: that caller's own
 * audited() or revert, the outermost, tells.
 */
function tellCommitted(deps: AppDeps, tenantId: string, kinds: Set<AuditKind>): void {
  if (kinds.size === 0 || deps.db.isTransaction) return;
  configChanges.emit(deps, { tenantId, kinds: [...kinds] });
}

/** Why an entry cannot be reverted now (a message of AUDIT_TEXTS), or null when it can. */
async function revertBlock(deps: AppDeps, row: AuditLogRow): Promise<string | null> {
  if (row.reverted_by) return AUDIT_MESSAGES.alreadyReverted;
  if (row.action === 'revert' || row.revertible !== 1) return AUDIT_MESSAGES.notRevertible;
  const h = handlers.get(row.entity_kind as AuditKind);
  if (!h) return AUDIT_MESSAGES.notRevertible;
  const now = await h.snapshot(deps, row.tenant_id, row.entity_id);
  const current = now === null ? 'null' : stableJson(redact(now).value);
  return current === (row.after_json ?? 'null') ? null : AUDIT_MESSAGES.changedSince;
}

const parse = (json: string | null): AuditState => (json === null ? null : (JSON.parse(json) as AuditState));

function toEntry(row: AuditLogRow, block: string | null): AuditEntry {
  return {
    id: row.id,
    userId: row.user_id,
    userName: row.user_name,
    at: row.at,
    entityKind: row.entity_kind as AuditKind,
    entityId: row.entity_id,
    action: row.action as AuditAction,
    summary: row.summary,
    before: parse(row.before_json),
    after: parse(row.after_json),
    revertOf: row.revert_of,
    revertedBy: row.reverted_by,
    canRevert: block === null,
    revertBlock: block,
  };
}

/** The instant a day (YYYY-MM-DD) of the tenant's calendar starts. */
const dayStartIso = (day: string, zone: string) => new Date(dayjs.tz(day, zone).valueOf()).toISOString();
const nextDay = (day: string) => dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD');

export async function listAudit(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof AuditListRequestSchema>,
): Promise<AuditPage> {
  const zone = await directory.timeZone(deps.db, ctx.tenantId);
  const filter = {
    entityKind: input.entityKind,
    action: input.action,
    userId: input.userId,
    from: input.startDate ? dayStartIso(input.startDate, zone) : undefined,
    to: input.endDate ? dayStartIso(nextDay(input.endDate), zone) : undefined,
  };
  const r = repo(deps);
  const [rows, total] = await Promise.all([
    r.page(ctx.tenantId, filter, (input.current - 1) * input.size, input.size),
    r.count(ctx.tenantId, filter),
  ]);
  const records: AuditEntry[] = [];
  for (const row of rows) records.push(toEntry(row, await revertBlock(deps, row)));
  return { records, total };
}

export async function auditUsers(deps: AppDeps, ctx: RequestContext): Promise<AuditUser[]> {
  const seen = new Map<string, string>();
  for (const u of await repo(deps).users(ctx.tenantId)) if (!seen.has(u.user_id)) seen.set(u.user_id, u.user_name);
  return [...seen].map(([userId, userName]) => ({ userId, userName }));
}

/**
 * Reverts an entry: the owning module puts `before` back (a create is removed), and the revert is an entry of its
 * own (action 'revert', revertOf the entry). Refused (404) for an entry of another tenant or none, and (409) when
 * it was reverted already, cannot be reverted, or the entity changed again since (its state is not the entry's
 * `after`).
 */
export async function revertAudit(deps: AppDeps, ctx: RequestContext, id: string): Promise<AuditEntry> {
  const entry = await inTransaction(deps, async (tx) => {
    const r = repo(tx);
    const row = await r.entry(ctx.tenantId, id);
    if (!row) throw notFound(AUDIT_MESSAGES.notFound, `audit ${id}`);
    const block = await revertBlock(tx, row);
    if (block) throw conflict(block, `audit ${id}`);
    const revertId = auditId();
    // Claimed first: of two reverts of one entry at the same time, the second waits for the first and is refused.
    if (!(await r.claimRevert(ctx.tenantId, id, revertId)))
      throw conflict(AUDIT_MESSAGES.alreadyReverted, `audit ${id}`);
    const kind = row.entity_kind as AuditKind;
    const h = handlerOf(kind);
    const before = await h.snapshot(tx, ctx.tenantId, row.entity_id);
    try {
      await h.restore(tx, ctx.tenantId, row.entity_id, parse(row.before_json));
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw conflict(AUDIT_MESSAGES.notRevertible, `audit ${id}: ${(e as Error).message}`);
    }
    const after = await h.snapshot(tx, ctx.tenantId, row.entity_id);
    await insertEntry(tx, ctx, {
      id: revertId,
      kind,
      entityId: row.entity_id,
      action: 'revert',
      summary: `撤销：${row.summary}`,
      before,
      after,
      revertOf: row.id,
    });
    return toEntry((await r.entry(ctx.tenantId, revertId))!, AUDIT_MESSAGES.notRevertible);
  });
  tellCommitted(deps, ctx.tenantId, new Set([entry.entityKind]));
  return entry;
}
