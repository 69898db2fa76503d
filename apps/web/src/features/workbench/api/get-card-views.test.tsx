import type { CardView } from '@portal/contracts/workbench';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const view = (id: string, from: string): CardView => ({
  id,
  cardType: 'commonTools',
  basicConfig: { cardName: `${id} ${from}`, cardIntroduction: '', displayRows: 1 },
  dataSource: '',
  typeList: [],
  currentStatusBackgroundColor: [],
  otherInformationList: [],
  serviceIds: [],
  status: 1,
  roleIds: [],
  sort: 1,
  updatedAt: '',
  list: [],
  services: [],
  tools: [],
  news: [],
});
const ok = (id: string) => ({ cardId: id, status: 1000, msg: '操作成功', msgDetail: '', result: view(id, 'one call') });

const calls = vi.hoisted(() => ({
  made: [] as Array<{ path: string; body: { cardId?: string; cardIds?: string[]; layout: string } }>,
  /** What getConfigs answers for the asked ids (thrown when an Error). */
  answer: null as null | ((ids: string[]) => unknown),
  /** Cards whose own getConfig fails. */
  ownFails: new Set<string>(),
}));
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: {
    post: vi.fn(async (path: string, body: { cardId?: string; cardIds?: string[]; layout: string }) => {
      calls.made.push({ path, body });
      // Answers come a little later, in the order asked: as the network would give them.
      await new Promise((r) => setTimeout(r, 5));
      if (path === '/cardcolumnconfig/getConfigs') {
        const a = calls.answer!(body.cardIds!);
        if (a instanceof Error) throw a;
        return a;
      }
      if (calls.ownFails.has(body.cardId!)) throw new Error('E-FY00403Q');
      return view(body.cardId!, 'own call');
    }),
  },
}));

const { prefetchCardViews, viewsOf } = await import('./get-card-views.ts');
const { getCardViewQueryOptions, useCardView } = await import('./get-card-view.ts');

// The app's options (app/providers.tsx), without retries.
const appClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
const cards = (...ids: string[]) => ids.map((id) => ({ id }));
const paths = () =>
  calls.made.map((c) => (c.body.cardIds ? `getConfigs ${c.body.cardIds.join(',')}` : `getConfig ${c.body.cardId}`));

afterEach(() => {
  calls.made = [];
  calls.answer = null;
  calls.ownFails.clear();
});

/** A tab of cards as the home page renders it: the one call started in render, then each card's own query. */
function Tab({ list, onCardData }: { list: Array<{ id: string }>; onCardData: (ids: string[]) => void }) {
  prefetchCardViews(useQueryClient(), list, 'same');
  return (
    <Profiler id="tab" onRender={() => onCardData(screen.queryAllByTestId('card-data').map((e) => e.textContent!))}>
      {list.map((c) => (
        <Card key={c.id} id={c.id} />
      ))}
    </Profiler>
  );
}
function Card({ id }: { id: string }) {
  const v = useCardView(id, 'same');
  if (v.isPending) return <p>loading {id}</p>;
  if (v.isError) return <p role="alert">failed {id}</p>;
  return <p data-testid="card-data">{v.data.basicConfig.cardName}</p>;
}
function renderTab(client: QueryClient, list: Array<{ id: string }>) {
  const commits: string[][] = [];
  render(
    <QueryClientProvider client={client}>
      <Tab list={list} onCardData={(ids) => commits.push(ids)} />
    </QueryClientProvider>,
  );
  return commits;
}

describe('the home page’s cards in one call (ADR 0054)', () => {
  it('asks once for a tab’s cards, fills each card’s query and paints them in one commit', async () => {
    calls.answer = (ids) => ({ list: ids.map(ok) });
    const client = appClient();
    const list = cards('a', 'b', 'c', 'd', 'e');
    const commits = renderTab(client, list);
    await waitFor(() => expect(screen.getAllByTestId('card-data')).toHaveLength(5));
    expect(paths()).toEqual(['getConfigs a,b,c,d,e']);
    expect(calls.made[0]!.body.layout).toBe('same');
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      expect(client.getQueryData(getCardViewQueryOptions(id, 'same').queryKey)).toEqual(view(id, 'one call'));
    // No commit in which only some of the cards had their data: none, then all five.
    expect(commits.map((c) => c.length).filter((n) => n > 0 && n < 5)).toEqual([]);
    expect(commits.at(-1)).toEqual(['a one call', 'b one call', 'c one call', 'd one call', 'e one call']);
    // The same list again (another render) asks nothing; its answers are fresh.
    prefetchCardViews(client, list, 'same');
    prefetchCardViews(client, cards('a', 'b'), 'same');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.made).toHaveLength(1);
  });

  it('falls back to a card’s own call when its part failed, and shows that card’s error as before', async () => {
    calls.answer = (ids) => ({
      list: ids.map((id) =>
        id === 'b' ? { cardId: 'b', status: 403, msg: '卡片未发布或无权查看', msgDetail: '', result: null } : ok(id),
      ),
    });
    calls.ownFails.add('b');
    const client = appClient();
    renderTab(client, cards('a', 'b', 'c'));
    await screen.findByRole('alert');
    await waitFor(() => expect(screen.getAllByTestId('card-data')).toHaveLength(2));
    expect(paths()).toEqual(['getConfigs a,b,c', 'getConfig b']);
    expect(screen.getByRole('alert').textContent).toBe('failed b');
    expect(screen.getAllByTestId('card-data').map((e) => e.textContent)).toEqual(['a one call', 'c one call']);
  });

  it('makes every card’s own call when the one call fails (a server before it) or answers something else', async () => {
    for (const answer of [
      () => new Error('E-FY00404Q'),
      () => null,
      () => ({ list: 'nope' }),
      (ids: string[]) => ({ list: ids.map((id) => ({ ...ok(id), result: { ...view('other', 'x') } })) }),
    ]) {
      calls.answer = answer;
      calls.made = [];
      const client = appClient();
      renderTab(client, cards('a', 'b'));
      await waitFor(() =>
        expect(screen.getAllByTestId('card-data').map((e) => e.textContent)).toEqual(['a own call', 'b own call']),
      );
      expect(paths()).toEqual(['getConfigs a,b', 'getConfig a', 'getConfig b']);
      document.body.innerHTML = '';
    }
  });

  it('leaves out cards with a fresh answer or a call in flight, and asks again for stale ones', async () => {
    calls.answer = (ids) => ({ list: ids.map(ok) });
    const client = appClient();
    client.setQueryData(getCardViewQueryOptions('a', 'same').queryKey, view('a', 'earlier'));
    client.setQueryData(getCardViewQueryOptions('b', 'same').queryKey, view('b', 'earlier'), {
      updatedAt: Date.now() - 60_000,
    });
    void client.prefetchQuery(getCardViewQueryOptions('c', 'same'));
    prefetchCardViews(client, cards('a', 'b', 'c', 'd'), 'same');
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(paths()).toEqual(['getConfig c', 'getConfigs b,d']);
    expect(client.getQueryData(getCardViewQueryOptions('a', 'same').queryKey)).toEqual(view('a', 'earlier'));
    expect(client.getQueryData(getCardViewQueryOptions('b', 'same').queryKey)).toEqual(view('b', 'one call'));
  });

  it('takes only well-formed parts of asked cards', () => {
    const asked = ['a', 'b', 'c'];
    expect([...viewsOf({ list: [ok('a'), ok('z'), { ...ok('b'), status: 404 }, ok('c')] }, asked).keys()]).toEqual([
      'a',
      'c',
    ]);
    expect(viewsOf({ list: [{ ...ok('a'), result: { ...view('a', 'x'), news: null } }] }, asked).size).toBe(0);
    expect(viewsOf([ok('a')], asked).size).toBe(0);
    expect(viewsOf(undefined, asked).size).toBe(0);
  });
});
