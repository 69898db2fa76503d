import { WORKBENCH_MESSAGES, type CardCreated, type CardCreateRequest } from '@portal/contracts/workbench';
import type { z } from 'zod';
import { newId } from '../../platform/crypto.ts';
import { notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { audited, type AuditTarget } from '../audit/audit.service.ts';
import { lockPlacementTab, placementTab } from '../home-config/home-config.service.ts';
import { cardSummary, columnSummary } from './cards.audit.ts';
import { cardsRepository } from './cards.repository.ts';
import {
  cardColumns,
  cardDetail,
  checkCardInput,
  checkColumnSource,
  checkRoles,
  columnColumns,
  columnDetail,
  insertNewCard,
} from './cards.service.ts';

/**
 * cardbasicconfig/create (ADR 0071): a new card, the roles it is granted to, its first column and its place on a home
 * tab, in one transaction with their audit entries. Each part is checked where its own call checks it (the card as
 * cardbasicconfig/submit, the roles as indextypeconfig/authConfig, the column as cardcolumnconfig/submit), and a part
 * refused after the card was written (a role or a data source not the tenant's) rolls the card back: the answer is
 * that part's 400, and saving again does not meet 409 for a card left behind.
 *
 * The card is put on the tab as the tab is in the transaction, which holds the tab until it ends, so two cards put on
 * one tab at once both stay there (the dialog used to read the tab's cards and write the whole list back).
 */
export async function createCard(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof CardCreateRequest>,
): Promise<CardCreated> {
  const { roleIds, column, placement, ...fields } = input;
  await checkCardInput(deps, ctx, fields);
  // The tab, for its audit entry; a tab named that is not the tenant's is refused before anything is written.
  const tab = placement ? await placementTab(deps, ctx.tenantId, placement.typeId) : undefined;
  if (placement?.typeId !== undefined && !tab)
    throw notFound(WORKBENCH_MESSAGES.indexTypeNotFound, `type ${placement.typeId}`);
  const set = cardColumns(fields);
  const cardId = newId();
  const columnId = column ? newId() : null;
  const targets: AuditTarget[] = [{ kind: 'card', id: cardId, summary: cardSummary(set.card_name) }];
  if (column && columnId) targets.push({ kind: 'cardColumn', id: columnId, summary: columnSummary(column.columnName) });
  if (tab) targets.push(tab.target);
  // First the tab (before the audit log reads its state): creates that put cards on it wait for each other there.
  const lockTab = tab && ((tx: AppDeps) => lockPlacementTab(tx, ctx.tenantId, tab.id));
  const change = async (tx: AppDeps): Promise<CardCreated> => {
    const r = cardsRepository(tx.db);
    await insertNewCard(tx, ctx, cardId, set);
    const roles = [...new Set(roleIds)];
    await checkRoles(tx, ctx.tenantId, roles);
    await r.setCardRoles(ctx.tenantId, cardId, roles);
    if (column && columnId) {
      await checkColumnSource(tx, ctx.tenantId, column);
      await r.insertColumn({ id: columnId, tenant_id: ctx.tenantId, ...columnColumns({ ...column, cardId }), sort: 1 });
    }
    if (tab) await r.insertIndexCard(ctx.tenantId, tab.id, cardId, placement?.position);
    return {
      card: await cardDetail(tx, ctx, cardId),
      column: columnId ? await columnDetail(tx, ctx, columnId) : null,
      typeId: tab?.id ?? null,
    };
  };
  return audited(deps, ctx, targets, change, lockTab);
}
