import { TODO_INGEST_TEXTS, type IngestTodo, type IngestTodosResult } from '@portal/contracts/todo-ingest';
import { createHash } from 'node:crypto';
import { badRequest } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { directory } from '../auth/auth.directory.ts';
import { todosRepository } from './todos.repository.ts';

/** The stored id of an engine's to-do: stable per tenant and external id, never another tenant's. */
export const ingestedTodoId = (tenantId: string, externalId: string) =>
  `todo-${createHash('sha256').update(`${tenantId}\u0000${externalId}`).digest('hex').slice(0, 40)}`;

/**
 * POST todo/ingestTodos: a workflow engine connects its to-dos to the home cards, as efficiencyHomePage/
 * ingestProcesses takes processes (ADR 0011): the caller holds the cards' menu; each to-do names its user by the
 * tenant's account and is keyed by the engine's id, so sending it again replaces it (handled → kind done) and
 * `removed` forgets it. A batch is stored whole or not at all; a refusal names the to-do (position and id).
 */
export async function ingestTodos(deps: AppDeps, ctx: RequestContext, todos: IngestTodo[]): Promise<IngestTodosResult> {
  const tenantId = ctx.tenantId;
  const users = await directory.usersByAccount(
    deps.db,
    tenantId,
    todos.map((t) => t.account),
  );
  const seen = new Set<string>();
  const ids: string[] = [];
  const rows = [];
  for (const [i, t] of todos.entries()) {
    const where = `第${i + 1}条（${t.externalId}）`;
    if (seen.has(t.externalId)) throw badRequest(TODO_INGEST_TEXTS.duplicateExternalId[0], where);
    seen.add(t.externalId);
    const userId = users.get(t.account);
    if (!userId) throw badRequest(`${where}：${TODO_INGEST_TEXTS.noAccount[0]}`, t.account);
    const id = ingestedTodoId(tenantId, t.externalId);
    ids.push(id);
    if (!t.removed)
      rows.push({
        id,
        tenant_id: tenantId,
        user_id: userId,
        kind: t.kind,
        title: t.title,
        flow_type: t.flowType,
        matter_status: t.status,
        is_timeout: t.timeout ? 1 : 0,
        created_at: new Date(t.createdAt).toISOString(),
      });
  }
  const existing = await todosRepository(deps.db).replace(tenantId, ids, rows);
  const kept = new Set(rows.map((r) => r.id));
  return {
    received: todos.length,
    inserted: rows.filter((r) => !existing.has(r.id)).length,
    updated: rows.filter((r) => existing.has(r.id)).length,
    removed: [...existing].filter((id) => !kept.has(id)).length,
  };
}
