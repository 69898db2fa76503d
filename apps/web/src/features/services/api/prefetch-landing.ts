import type { QueryClient } from '@tanstack/react-query';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';
import { getLandingIndex } from './get-landing-index.ts';
import { heatWordsQueryOptions } from './get-heat-words.ts';
import { footerConfigQueryOptions } from './get-footer-config.ts';
import { landingConfigQueryOptions } from './get-landing-config.ts';
import { navigationBarsQueryOptions } from './get-navigation-bars.ts';
import { statisticDataQueryOptions } from './get-statistic-data.ts';
import { servicesByTypeQueryOptions } from './query-all-service-by-type.ts';

/**
 * Starts the calls of the landing page's first screen as soon as the router matches `/`, while the page's code part
 * is still on its way (issue 10: the title, the page's largest paint, waited for the part, then for its call). The
 * configuration, footer, figures and (for a visitor) hot words come from one call, `nobody/index/index`, instead of
 * four; the page's own queries find every answer in the cache or in flight. Should that call fail, each query makes
 * its own call when the page asks for it (its retry).
 */
export function prefetchLanding(client: QueryClient): void {
  const tenantId = landingTenant();
  const index = getLandingIndex(tenantId);
  // A rejection is each query's error (and retry), not an unhandled one.
  index.catch(() => undefined);
  const from =
    <T>(pick: (i: Awaited<typeof index>) => T) =>
    () =>
      index.then(pick);
  void client.prefetchQuery({ ...landingConfigQueryOptions(tenantId), queryFn: from((i) => i.config) });
  void client.prefetchQuery({ ...footerConfigQueryOptions(tenantId), queryFn: from((i) => i.footer) });
  void client.prefetchQuery({ ...statisticDataQueryOptions(tenantId), queryFn: from((i) => i.statistic) });
  // A user's hot words are their own (searchHeatWord); a visitor's are the tenant's, which the index carries.
  if (!isLoggedIn()) void client.prefetchQuery({ ...heatWordsQueryOptions(8), queryFn: from((i) => i.hotWords) });
  else void client.prefetchQuery(heatWordsQueryOptions(8));
  void client.prefetchQuery(navigationBarsQueryOptions(tenantId));
  void client.prefetchQuery(servicesByTypeQueryOptions(tenantId, 'scene', 8));
}
