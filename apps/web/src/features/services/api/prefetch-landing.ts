import type { LandingIndex } from '@portal/contracts/services';
import {
  skipToken,
  type QueryClient,
  type QueryFunction,
  type QueryFunctionContext,
  type QueryKey,
  type SkipToken,
} from '@tanstack/react-query';
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
 */
export function prefetchLanding(client: QueryClient): void {
  const tenantId = landingTenant();
  const visitor = !isLoggedIn();
  // Made when the first query needs it: none is made when every answer is still fresh in the cache.
  let index: Promise<LandingIndex | null> | undefined;
  const answer = () => (index ??= fetchIndex());
  const fetchIndex = async () => {
    const i = await getLandingIndex(tenantId).catch(() => null);
    // The first tab's groups of another kind than the scenes (below) go under their own key.
    const g = i?.groups;
    if (g && g.groupBy !== 'scene')
      client.setQueryData(servicesByTypeQueryOptions(tenantId, g.groupBy, g.perGroup).queryKey, g.list);
    return i;
  };
  /** Prefetches a query from the index's part, or with its own call (the query's own queryFn) when it has none. */
  const fill = <T, K extends QueryKey>(
    options: { queryKey: K; queryFn?: QueryFunction<T, K> | SkipToken },
    pick: (i: LandingIndex) => T | undefined,
  ) =>
    void client.prefetchQuery({
      queryKey: options.queryKey,
      queryFn: async (context: QueryFunctionContext<K>) => {
        const i = await answer();
        const part = i ? pick(i) : undefined;
        if (part !== undefined) return part;
        if (!options.queryFn || options.queryFn === skipToken) throw new Error('no own call');
        return options.queryFn(context);
      },
    });

  fill(landingConfigQueryOptions(tenantId), (i) => i.config);
  fill(footerConfigQueryOptions(tenantId), (i) => i.footer);
  fill(statisticDataQueryOptions(tenantId), (i) => i.statistic);
  fill(navigationBarsQueryOptions(tenantId), (i) => i.navigationBars);
  fill(toolsQueryOptions(tenantId), (i) => i.tools);
  // The first browse tab is the scenes' unless the configuration hides them; the page cannot know before the
  // configuration answers, so the scenes' query is started, and groups of another kind go under their own key
  // when the index answers (fetchIndex).
  fill(servicesByTypeQueryOptions(tenantId, 'scene', LANDING_LIST_SIZE), (i) =>
    i.groups?.groupBy === 'scene' && i.groups.perGroup === LANDING_LIST_SIZE ? i.groups.list : undefined,
  );
  // A user's hot words are their own (searchHeatWord), as are their top lists (serverCenter/*, by role): those keep
  // their own calls. A visitor's are the tenant's, which the index carries.
  if (!visitor) {
    void client.prefetchQuery(heatWordsQueryOptions(LANDING_LIST_SIZE));
    return;
  }
  fill(heatWordsQueryOptions(LANDING_LIST_SIZE), (i) => i.hotWords);
  fill(topServicesQueryOptions('newly', LANDING_LIST_SIZE, tenantId, false), (i) => i.newlyLaunched);
  fill(topServicesQueryOptions('heat', LANDING_LIST_SIZE, tenantId, false), (i) => i.mostVisited);
}
