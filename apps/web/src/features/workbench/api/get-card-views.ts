import { CARD_VIEWS_MAX } from '@portal/contracts/constants';
import type { CardView, Layout } from '@portal/contracts/workbench';
import { notifyManager, type QueryClient, type QueryState } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';
import { getCardView, getCardViewQueryOptions } from './get-card-view.ts';

/** POST cardcolumnconfig/getConfigs (ADR 0054): the cards in one call, each as getConfig answers it. */
export const getCardViews = (cardIds: string[], layout: Layout) =>
  ospHttp.post<unknown>('/cardcolumnconfig/getConfigs', { cardIds, layout }, { silent: true });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The views of a getConfigs answer by card id: the parts that succeeded (status 1000, a card for the asked id). A
 * part that failed, or an answer that is not one (a server before ADR 0054 answers 404, or a proxy something else),
 * gives nothing for its cards, which then make their own calls. Checked by hand, without zod (the home page's first
 * script holds none, ADR 0050); the part's view is what getConfig would have given, taken as is, like getConfig's.
 */
export function viewsOf(answer: unknown, asked: readonly string[]): Map<string, CardView> {
  const views = new Map<string, CardView>();
  if (!isObject(answer) || !Array.isArray(answer.list)) return views;
  for (const part of answer.list) {
    if (!isObject(part) || part.status !== 1000 || typeof part.cardId !== 'string') continue;
    const view = part.result;
    if (!isObject(view) || view.id !== part.cardId || !asked.includes(part.cardId)) continue;
    if (![view.list, view.services, view.tools, view.news].every(Array.isArray)) continue;
    if (!views.has(part.cardId)) views.set(part.cardId, view as unknown as CardView);
  }
  return views;
}

/** The cards' lists already asked for, per client (a page renders many times; each list is asked for once). */
const asked = new WeakMap<QueryClient, WeakSet<object>>();

/** Whether a card's query wants an answer now: none yet, or a stale one, and no call of its own in flight. */
function wantsAnswer(state: QueryState | undefined, staleTime: number): boolean {
  if (!state) return true;
  // A card whose last call failed keeps to its own query (its retry, the page's refresh), not this call.
  if (state.fetchStatus !== 'idle' || state.status === 'error') return false;
  return state.data === undefined || state.isInvalidated || Date.now() - state.dataUpdatedAt >= staleTime;
}

/**
 * Starts one getConfigs call for the cards of a home page tab (issue 10, ADR 0054) and files each card's view under
 * its getConfig query (`workbenchKeys.cardView`), so the cards need no call of their own and, the views being set
 * in one batch of the query cache, paint in one React commit instead of one per answer. Cards whose query has a
 * fresh answer or a call in flight are left out. A card whose part failed, or every card when the call fails or its
 * answer is not one, makes its own getConfig call, as before. `cards` is the tab's list from the home layout: the
 * same list (by identity) is asked for once per client, so calling this on every render is cheap and calls once.
 */
export function prefetchCardViews(client: QueryClient, cards: ReadonlyArray<{ id: string }>, layout: Layout): void {
  let done = asked.get(client);
  if (!done) asked.set(client, (done = new WeakSet()));
  if (done.has(cards)) return;
  done.add(cards);
  const staleTime = client.getDefaultOptions().queries?.staleTime;
  const fresh = typeof staleTime === 'number' ? staleTime : 0;
  const ids = [
    ...new Set(
      cards
        .map((c) => c.id)
        .filter((id) => wantsAnswer(client.getQueryState(getCardViewQueryOptions(id, layout).queryKey), fresh)),
    ),
  ];
  for (let i = 0; i < ids.length; i += CARD_VIEWS_MAX) ask(client, ids.slice(i, i + CARD_VIEWS_MAX), layout);
}

function ask(client: QueryClient, ids: string[], layout: Layout): void {
  const answer = getCardViews(ids, layout).then(
    (a) => {
      const views = viewsOf(a, ids);
      // Every view in one batch: one notification of the cards' observers, one render of the page.
      notifyManager.batch(() => {
        for (const [id, view] of views) client.setQueryData(getCardViewQueryOptions(id, layout).queryKey, view);
      });
      return views;
    },
    () => new Map<string, CardView>(),
  );
  for (const id of ids)
    void client.prefetchQuery({
      queryKey: getCardViewQueryOptions(id, layout).queryKey,
      // The card's view from the one call, else its own call (what its query would have made).
      queryFn: async () => (await answer).get(id) ?? getCardView(id, layout),
    });
}
