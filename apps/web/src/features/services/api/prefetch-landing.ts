import { LANDING_DATA_ELEMENT_ID } from '@portal/contracts/constants';
import type { LandingIndex, LandingPageData } from '@portal/contracts/services';
import {
  skipToken,
  type QueryClient,
  type QueryFunction,
  type QueryFunctionContext,
  type QueryKey,
  type SkipToken,
} from '@tanstack/react-query';
import { isRecord, takePageData } from '../../../lib/page-data.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';
import { footerConfigQueryOptions } from './get-footer-config.ts';
import { heatWordsQueryOptions } from './get-heat-words.ts';
import { LANDING_LIST_SIZE, getLandingIndex } from './get-landing-index.ts';
import { landingConfigQueryOptions } from './get-landing-config.ts';
import { navigationBarsQueryOptions } from './get-navigation-bars.ts';
import { statisticDataQueryOptions } from './get-statistic-data.ts';
import { toolsQueryOptions } from './get-tools.ts';
import { topServicesQueryOptions } from './get-top-services.ts';
import { servicesByTypeQueryOptions } from './query-all-service-by-type.ts';

/**
 * Starts the calls of the landing page's first screen as soon as the router matches `/`, while the page's code part
 * is still on its way (issue 10). Its whole first screen comes from one call, `nobody/index/index` (ADR 0051):
 * configuration, footer, figures, navigation, tools, the first browse tab's groups, and for a visitor the hot words,
 * newly launched and most visited; a logged-in user's own lists (their hot words, their top lists) keep their own
 * calls. Each of the page's queries finds its answer in the cache or in flight under its own key. Should the index
 * call fail, or lack a part (a server before ADR 0051), that query makes its own call instead.
 *
 * On the first visit, `/`'s page already carries that call's answer (ADR 0053: takeLandingPageData): its parts go
 * into the cache at once, before the page renders, and no index call is made; a part it lacks gets its own call.
 */
export function prefetchLanding(client: QueryClient): void {
  // The server's first screen fills a client of its own (seedLanding); it has no page to read nor calls to make.
  if (typeof document === 'undefined') return;
  const tenantId = landingTenant();
  const visitor = !isLoggedIn();
  const carried = takeLandingPageData(tenantId);
  const fileGroups = (i: LandingIndex | null) => fileGroupsOf(client, tenantId, i);
  // Made when the first query needs it: none is made when every answer is still fresh in the cache, or the page
  // carried it.
  let index: Promise<LandingIndex | null> | undefined = carried ? Promise.resolve(fileGroups(carried)) : undefined;
  const answer = () => (index ??= fetchIndex());
  const fetchIndex = async () => fileGroups(await getLandingIndex(tenantId).catch(() => null));
  /**
   * Fills a query from the index's part: at once when the page carried it, else by a prefetch that waits for the
   * index call, or makes the query's own call (its own queryFn) when the index has no such part.
   */
  const fill = <T, K extends QueryKey>(
    options: { queryKey: K; queryFn?: QueryFunction<T, K> | SkipToken },
    pick: (i: LandingIndex) => T | undefined,
  ) => {
    const part = carried ? pick(carried) : undefined;
    if (part !== undefined) {
      client.setQueryData<T>(options.queryKey, part);
      return;
    }
    void client.prefetchQuery({
      queryKey: options.queryKey,
      queryFn: async (context: QueryFunctionContext<K>) => {
        const i = await answer();
        const fromIndex = i ? pick(i) : undefined;
        if (fromIndex !== undefined) return fromIndex;
        if (!options.queryFn || options.queryFn === skipToken) throw new Error('no own call');
        return options.queryFn(context);
      },
    });
  };

  for (const [options, pick] of landingParts(tenantId, visitor)) fill(options, pick);
  // A user's hot words are their own (searchHeatWord), as are their top lists (serverCenter/*, by role): those keep
  // their own calls.
  if (!visitor) void client.prefetchQuery(heatWordsQueryOptions(LANDING_LIST_SIZE));
}

type LandingPart = [
  { queryKey: QueryKey; queryFn?: QueryFunction<unknown, QueryKey> | SkipToken },
  (i: LandingIndex) => unknown,
];

/**
 * The landing page's queries that a part of the index answers, with that part: for a user, those that are the tenant's;
 * for a visitor also the hot words and the top lists, which are a user's own (by role) when logged in.
 */
function landingParts(tenantId: string, visitor: boolean): LandingPart[] {
  const part = <T, K extends QueryKey>(
    options: { queryKey: K; queryFn?: QueryFunction<T, K> | SkipToken },
    pick: (i: LandingIndex) => T | undefined,
  ) => [options, pick] as unknown as LandingPart;
  const parts = [
    part(landingConfigQueryOptions(tenantId), (i) => i.config),
    part(footerConfigQueryOptions(tenantId), (i) => i.footer),
    part(statisticDataQueryOptions(tenantId), (i) => i.statistic),
    part(navigationBarsQueryOptions(tenantId), (i) => i.navigationBars),
    part(toolsQueryOptions(tenantId), (i) => i.tools),
    // The first browse tab is the scenes' unless the configuration hides them; the page cannot know before the
    // configuration answers, so the scenes' query is started, and groups of another kind go under their own key
    // when the index answers (fileGroups).
    part(servicesByTypeQueryOptions(tenantId, 'scene', LANDING_LIST_SIZE), (i) =>
      i.groups?.groupBy === 'scene' && i.groups.perGroup === LANDING_LIST_SIZE ? i.groups.list : undefined,
    ),
  ];
  if (!visitor) return parts;
  return [
    ...parts,
    part(heatWordsQueryOptions(LANDING_LIST_SIZE), (i) => i.hotWords),
    part(topServicesQueryOptions('newly', LANDING_LIST_SIZE, tenantId, false), (i) => i.newlyLaunched),
    part(topServicesQueryOptions('heat', LANDING_LIST_SIZE, tenantId, false), (i) => i.mostVisited),
  ];
}

/**
 * A visitor's landing page queries filled from an index answer at once, as prefetchLanding does with the one the page
 * carries: how the server paints `/`'s first screen (first-screen.tsx, ADR 0061).
 */
export function seedLanding(client: QueryClient, tenantId: string, index: LandingIndex): void {
  fileGroupsOf(client, tenantId, index);
  for (const [options, pick] of landingParts(tenantId, true)) {
    const value = pick(index);
    if (value !== undefined) client.setQueryData(options.queryKey, value);
  }
}

/** Files an index's first tab's groups of another kind than the scenes (landingParts) under their own key. */
function fileGroupsOf(client: QueryClient, tenantId: string, i: LandingIndex | null): LandingIndex | null {
  const g = i?.groups;
  if (g && g.groupBy !== 'scene')
    client.setQueryData(servicesByTypeQueryOptions(tenantId, g.groupBy, g.perGroup).queryKey, g.list);
  return i;
}

/**
 * The landing index's answer `/`'s page carries (ADR 0053: a `<script type="application/json">` the server writes),
 * when it is for this tenant and the sizes the page shows; null otherwise, or when the page carries none or it does
 * not read. Read once: the element is taken out of the page, so a later visit to `/` in the same page load asks the
 * server as before, never an answer as old as the page.
 */
export function takeLandingPageData(tenantId: string): LandingIndex | null {
  const data = takePageData<LandingPageData>(LANDING_DATA_ELEMENT_ID);
  const index = data?.index;
  if (
    data?.tenantId !== tenantId ||
    data.size !== LANDING_LIST_SIZE ||
    data.perGroup !== LANDING_LIST_SIZE ||
    !isRecord(index)
  )
    return null;
  return index;
}
