import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import type { AppDeps } from '../../platform/http.ts';
import { assertNameFree } from '../../platform/unique-name.ts';
import { cardsRepository } from './cards.repository.ts';

/**
 * A card's name is its tenant's only card of that name (trimmed): refused with 409 cardNameTaken. Asked in the write's
 * transaction by every way a card gets a name — the card dialog's save and an audit revert that brings a card or its
 * old name back; a configuration file's import checks its own cards in its validation.
 */
export async function assertCardNameFree(deps: AppDeps, tenantId: string, name: string, exceptId?: string) {
  const cards = await cardsRepository(deps.db).cards(tenantId);
  assertNameFree(cards, (c) => c.card_name, name, exceptId, {
    message: WORKBENCH_MESSAGES.cardNameTaken,
    kind: 'card',
  });
}

/** Likewise a common tool's name: two tools of one name could not be told apart on the home page (409). */
export async function assertToolNameFree(deps: AppDeps, tenantId: string, name: string, exceptId?: string) {
  const tools = await cardsRepository(deps.db).tools(tenantId);
  assertNameFree(tools, (t) => t.tools_name, name, exceptId, {
    message: WORKBENCH_MESSAGES.toolNameTaken,
    kind: 'tool',
  });
}
