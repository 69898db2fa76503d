import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { conflict, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { audited } from '../audit/audit.service.ts';
import { apiSummary, toolSummary } from './cards.audit.ts';
import { cardsRepository } from './cards.repository.ts';

/**
 * Deleting what administrators created on 卡片业务配置 (issue 16). A data source that a column reads is refused with
 * the columns named, so no card is left reading nothing; a tool just leaves the tools card.
 */
export async function removeApi(deps: AppDeps, ctx: RequestContext, id: string): Promise<{ removed: boolean }> {
  const repo = cardsRepository(deps.db);
  const api = await repo.api(ctx.tenantId, id);
  if (!api) throw notFound(WORKBENCH_MESSAGES.apiNotFound, `api ${id}`);
  const users = await repo.columnsUsingApi(ctx.tenantId, id);
  if (users.length)
    throw conflict(
      `${WORKBENCH_MESSAGES.apiInUse}${users.map((u) => `「${u.card_name}」的栏目「${u.column_name}」`).join('、')}`,
      `api ${id}`,
    );
  const removed = await audited(deps, ctx, { kind: 'externalApi', id, summary: apiSummary(api.api_name) }, (tx) =>
    cardsRepository(tx.db).removeApi(ctx.tenantId, id),
  );
  return { removed };
}

export async function removeTool(deps: AppDeps, ctx: RequestContext, id: string): Promise<{ removed: boolean }> {
  const tool = await cardsRepository(deps.db).tool(ctx.tenantId, id);
  if (!tool) throw notFound(WORKBENCH_MESSAGES.toolNotFound, `tool ${id}`);
  const removed = await audited(deps, ctx, { kind: 'tool', id, summary: toolSummary(tool.tools_name) }, (tx) =>
    cardsRepository(tx.db).removeTool(ctx.tenantId, id),
  );
  return { removed };
}
